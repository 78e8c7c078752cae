import { useRouter } from '@tanstack/react-router';
import { useMemo } from 'react';
import type { OfferLink } from '../components/itinerary-card';
import { urlSearchOf, type SearchPageSearch } from '../lib/search-params';

const OFFER_ID_SLOT = 'offer-id-slot';

/** Prefixes every /search parameter with from_, for the offer page's way back. */
function offerLinkSearch(search: SearchPageSearch): Record<string, string | number> {
  const carried: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(urlSearchOf(search))) {
    if (typeof value === 'string' || typeof value === 'number') carried[`from_${key}`] = value;
  }
  return carried;
}

/**
 * The offer page's address for any offer of this view, from one location the router builds (the
 * `from_` search, the retained brand), rather than one per fare.
 */
export function useOfferLink(search: SearchPageSearch): OfferLink {
  const router = useRouter();
  return useMemo(() => {
    const template = router.buildLocation({
      to: '/flight/$id',
      params: { id: OFFER_ID_SLOT },
      search: offerLinkSearch(search),
    }).href;
    const href = (offerId: string) => template.replace(OFFER_ID_SLOT, encodeURIComponent(offerId));
    return { href, open: (offerId) => void router.navigate({ href: href(offerId) }) };
  }, [router, search]);
}
