import { useBrand } from '../../features/brand/hooks/use-brand';
import { PrivacyPolicyPage } from '../../features/company/components/privacy-policy-page';
import { useSiteInfo } from '../../features/site/api/get-site-info';

/** Served at /privacy and at /privacy-policy, which other pages link to. */
export function PrivacyRoute() {
  const { brand } = useBrand();
  const site = useSiteInfo();
  return <PrivacyPolicyPage brand={brand} company={site.data} />;
}
