import { defaultBrand } from '@contrail/contracts/brands';
import { useBrand } from '../../features/brand/hooks/use-brand';
import { FlightSearchForm } from '../../features/flight-search/components/flight-search-form';
import { HomePage } from '../../features/home/components/home-page';
import { brandDisplayName } from '../../theme/apply-brand';

export function HomeRoute() {
  const { brand } = useBrand();
  // Call buttons dial the brand's phone, or the default brand's where it has none.
  const phone = brand.contact.phone.trim() || defaultBrand.contact.phone;
  return (
    <HomePage
      brandName={brandDisplayName(brand)}
      phone={phone}
      searchForm={<FlightSearchForm phone={phone} />}
    />
  );
}
