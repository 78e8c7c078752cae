import { Link, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useMemo } from 'react';
import { readLastSearch } from '../../features/flight-search/lib/saved-search';
import { isSearchLink } from '../../features/flight-search/lib/search-link';
import {
  OfferPage,
  type BackLinkRenderer,
} from '../../features/offer-details/components/offer-page';
import {
  carriedSearch,
  DEFAULT_OFFER_TAB,
  validateOfferPageSearch,
} from '../../features/offer-details/lib/offer-page-search';

export function FlightRoute() {
  const { id } = useParams({ from: '/flight/$id' });
  const raw = useSearch({ from: '/flight/$id' });
  const search = useMemo(() => validateOfferPageSearch(raw), [raw]);
  const navigate = useNavigate({ from: '/flight/$id' });

  // Back to the results: the search carried with a from_ prefix, else the last one saved on this
  // device, else the home page's form. A carried search that can no longer run (an old shared link:
  // its dates have passed) still goes to /search, which says what is wrong and keeps the rest in
  // its form.
  const back = useMemo(() => {
    const carried = carriedSearch(search);
    return carried && isSearchLink(carried) ? carried : readLastSearch();
  }, [search]);
  const renderBackLink: BackLinkRenderer = ({ children, className }) =>
    back ? (
      <Link to="/search" search={back} className={className}>
        {children}
      </Link>
    ) : (
      <Link to="/" className={className}>
        {children}
      </Link>
    );

  return (
    <OfferPage
      offerId={id}
      tab={search.tab ?? DEFAULT_OFFER_TAB}
      onTabChange={(tab) => {
        void navigate({
          search: (previous) => ({
            ...previous,
            tab: tab === DEFAULT_OFFER_TAB ? undefined : tab,
          }),
          replace: true,
          resetScroll: false,
        });
      }}
      renderBackLink={renderBackLink}
    />
  );
}
