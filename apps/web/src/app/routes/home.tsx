import { defaultBrand } from '@contrail/contracts/brand-defaults';
import { criteriaProblems, type SearchCriteria } from '@contrail/contracts/search-rules';
import { useState } from 'react';
import { useBrand } from '../../features/brand/hooks/use-brand';
import { useCurrentUser } from '../../features/auth/api/get-current-user';
import { FlightSearchForm } from '../../features/flight-search/components/flight-search-form';
import { readLastSearch } from '../../features/flight-search/lib/saved-search';
import { criteriaFromSearch, twoWayCriteria } from '../../features/flight-search/lib/search-params';
import { HomePage } from '../../features/home/components/home-page';
import { PriceAlertForm } from '../../features/price-alerts/components/price-alert-form';
import { brandDisplayName } from '../../theme/apply-brand';

/**
 * The traveller's last search, while it can still be searched (its dates not past); alerts
 * track one-way and return trips only.
 */
function lastSearchCriteria(): SearchCriteria | null {
  const last = readLastSearch();
  const criteria = last ? twoWayCriteria(criteriaFromSearch(last)) : null;
  if (!criteria) return null;
  const today = new Date();
  const local = `${String(today.getFullYear())}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
  return criteriaProblems(criteria, local).length === 0 ? criteria : null;
}

export function HomeRoute() {
  const { brand } = useBrand();
  const { data: user } = useCurrentUser();
  const [criteria] = useState(lastSearchCriteria);
  // Call buttons dial the brand's phone, or the default brand's where it has none.
  const phone = brand.contact.phone.trim() || defaultBrand.contact.phone;
  return (
    <HomePage
      brandName={brandDisplayName(brand)}
      phone={phone}
      searchForm={<FlightSearchForm />}
      priceAlertForm={<PriceAlertForm criteria={criteria} signedIn={Boolean(user)} />}
    />
  );
}
