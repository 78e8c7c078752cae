import { PagePlaceholder } from '../../components/page-placeholder';

export function CookiesRoute() {
  return <PagePlaceholder title="Cookie Policy" />;
}
