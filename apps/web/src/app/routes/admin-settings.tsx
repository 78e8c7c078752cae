import { PagePlaceholder } from '../../components/page-placeholder';

export function AdminSettingsRoute() {
  return <PagePlaceholder title="Admin Settings" />;
}
