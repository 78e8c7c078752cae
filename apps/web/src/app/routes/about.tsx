import { useBrand } from '../../features/brand/hooks/use-brand';
import { AboutPage } from '../../features/company/components/about-page';
import { useSiteInfo } from '../../features/site/api/get-site-info';

export function AboutRoute() {
  const { brand } = useBrand();
  const site = useSiteInfo();
  return <AboutPage brand={brand} company={site.data} />;
}
