import { PagePlaceholder } from '../../components/page-placeholder';

export function TermsRoute() {
  return <PagePlaceholder title="Terms of Service" />;
}
