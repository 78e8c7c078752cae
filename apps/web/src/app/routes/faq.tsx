import { PagePlaceholder } from '../../components/page-placeholder';

export function FaqRoute() {
  return <PagePlaceholder title="FAQ" />;
}
