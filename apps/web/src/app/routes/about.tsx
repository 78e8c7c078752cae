import { PagePlaceholder } from '../../components/page-placeholder';

export function AboutRoute() {
  return <PagePlaceholder title="About" />;
}
