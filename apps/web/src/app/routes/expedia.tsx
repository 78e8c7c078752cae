import { defaultBrand } from '@contrail/contracts/brand-defaults';
import { useBrand } from '../../features/brand/hooks/use-brand';
import { FlightSearchForm } from '../../features/flight-search/components/flight-search-form';
import { PartnerPage } from '../../features/partner/components/partner-page';
import { brandDisplayName } from '../../theme/apply-brand';

export function ExpediaRoute() {
  const { brand } = useBrand();
  const phone = brand.contact.phone.trim() || defaultBrand.contact.phone;
  return (
    <PartnerPage
      brand={{
        name: brandDisplayName(brand),
        phone,
        email: brand.contact.email,
        address: brand.contact.address,
      }}
      searchForm={<FlightSearchForm />}
    />
  );
}
