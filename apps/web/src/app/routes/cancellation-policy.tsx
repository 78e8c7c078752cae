import { PagePlaceholder } from '../../components/page-placeholder';

export function CancellationPolicyRoute() {
  return <PagePlaceholder title="Cancellation Policy" />;
}
