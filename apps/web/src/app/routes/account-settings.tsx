import { PagePlaceholder } from '../../components/page-placeholder';

export function AccountSettingsRoute() {
  return <PagePlaceholder title="Account Settings" />;
}
