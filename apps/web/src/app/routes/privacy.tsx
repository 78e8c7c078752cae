import { PagePlaceholder } from '../../components/page-placeholder';

export function PrivacyRoute() {
  return <PagePlaceholder title="Privacy Policy" />;
}
