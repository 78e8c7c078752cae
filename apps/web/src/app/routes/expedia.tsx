import { PagePlaceholder } from '../../components/page-placeholder';

export function ExpediaRoute() {
  return <PagePlaceholder title="Partner Offers" />;
}
