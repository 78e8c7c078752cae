import { useSearch } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useBrand } from '../../features/brand/hooks/use-brand';
import { SearchResultsPage } from '../../features/flight-search/components/search-results-page';
import { parseSearchPageSearch } from '../../features/flight-search/lib/search-params';

export function SearchRoute() {
  const raw = useSearch({ from: '/search' });
  // The route let only valid criteria through (router.tsx); this gives them their types.
  const search = useMemo(() => parseSearchPageSearch(raw), [raw]);
  const { brand } = useBrand();
  if (!search) return null;
  return <SearchResultsPage search={search} phone={brand.contact.phone} />;
}
