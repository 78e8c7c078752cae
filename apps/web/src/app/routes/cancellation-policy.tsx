import { useBrand } from '../../features/brand/hooks/use-brand';
import { CancellationPolicyPage } from '../../features/company/components/cancellation-policy-page';
import { useSiteInfo } from '../../features/site/api/get-site-info';

export function CancellationPolicyRoute() {
  const { brand } = useBrand();
  const site = useSiteInfo();
  return <CancellationPolicyPage brand={brand} company={site.data} />;
}
