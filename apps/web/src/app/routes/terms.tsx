import { useBrand } from '../../features/brand/hooks/use-brand';
import { TermsPage } from '../../features/company/components/terms-page';
import { useSiteInfo } from '../../features/site/api/get-site-info';

export function TermsRoute() {
  const { brand } = useBrand();
  const site = useSiteInfo();
  return <TermsPage brand={brand} company={site.data} />;
}
