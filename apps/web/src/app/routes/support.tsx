import { PagePlaceholder } from '../../components/page-placeholder';

export function SupportRoute() {
  return <PagePlaceholder title="Support" />;
}
