import { PagePlaceholder } from '../../components/page-placeholder';

export function ContactRoute() {
  return <PagePlaceholder title="Contact" />;
}
