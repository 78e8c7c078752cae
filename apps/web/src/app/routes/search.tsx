import { useSearch } from '@tanstack/react-router';
import { SearchPage } from '../../features/flight-search/components/search-page';

export function SearchRoute() {
  // The raw parameters: the page checks them and says what is wrong with a link it cannot search.
  const raw = useSearch({ from: '/search' });
  return <SearchPage raw={raw} />;
}
