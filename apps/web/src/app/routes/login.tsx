import { PagePlaceholder } from '../../components/page-placeholder';

export function LoginRoute() {
  return <PagePlaceholder title="Sign In" />;
}
