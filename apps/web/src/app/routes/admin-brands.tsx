import { PagePlaceholder } from '../../components/page-placeholder';

export function AdminBrandsRoute() {
  return <PagePlaceholder title="Brand Manager" />;
}
