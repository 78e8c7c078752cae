import { useBrand } from '../../features/brand/hooks/use-brand';
import { FlightSearchForm } from '../../features/flight-search/components/flight-search-form';
import { HomeHero } from '../../features/home/components/home-hero';
import { SearchSection } from '../../features/home/components/search-section';
import { brandDisplayName } from '../../theme/apply-brand';

export function HomeRoute() {
  const { brand } = useBrand();
  return (
    <>
      <HomeHero brandName={brandDisplayName(brand)} />
      <SearchSection>
        <FlightSearchForm phone={brand.contact.phone} />
      </SearchSection>
    </>
  );
}
