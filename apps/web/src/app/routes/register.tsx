import { PagePlaceholder } from '../../components/page-placeholder';

export function RegisterRoute() {
  return <PagePlaceholder title="Sign Up" />;
}
