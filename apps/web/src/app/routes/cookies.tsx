import { useBrand } from '../../features/brand/hooks/use-brand';
import { CookiePolicyPage } from '../../features/company/components/cookie-policy-page';
import { useSiteInfo } from '../../features/site/api/get-site-info';

export function CookiesRoute() {
  const { brand } = useBrand();
  const site = useSiteInfo();
  return <CookiePolicyPage brand={brand} company={site.data} />;
}
