// An offer as the traveller opens it: at the brand's sell prices (kept a while where the supplier
// promises the offer is stable), checked as still bookable, and its seat maps; each asked of the
// supplier that made it.
import {
  departsTooSoon,
  offerMessages,
  offerSchema,
  type OfferVerification,
  type SeatMap,
} from '@contrail/contracts/offers';
import { withSellPrice } from '@contrail/contracts/money';
import { JsonAnswer } from '../../lib/json-answer';
import { compiledSerializer } from '../../lib/response-serializer';
import { offerFlights, type ProviderRegistry } from '../../providers/registry';
import type { BrandContext } from '../brands/brands.service';
import { flightErrors, guarded } from './flights.errors';
import { answerCache, priceKey } from './answer-cache';

/** An offer's answer, from the route's response schema: the contract's fields, nothing else. */
const writeOffer = compiledSerializer(offerSchema);

/** How long a stable offer's answer is kept at most (it is also dropped when the offer expires). */
const OFFER_CACHE_MS = 5 * 60 * 1000;

export function offerReads({
  providers,
  clock,
}: {
  providers: ProviderRegistry;
  clock: () => Date;
}) {
  const now = () => clock().getTime();
  // An opened offer is 10-15 kB of JSON: 64 MB holds some 5,000 of them (the size bound is the
  // one that binds), each kept for OFFER_CACHE_MS at most.
  const offers = answerCache<JsonAnswer>({ max: 20_000, maxSize: 64 * 1024 * 1024 }, now);

  /** The offer (`Offer`) at sell prices, serialised. */
  async function getOffer(offerId: string, brand: BrandContext): Promise<JsonAnswer> {
    const supplier = await offerFlights(providers, offerId);
    const price = async () =>
      withSellPrice(await guarded(() => supplier.getOffer(offerId)), brand.markupPercent);
    if (supplier.offerIsStable !== true) return new JsonAnswer(writeOffer(await price()));
    // Kept until the offer expires at the latest: then the supplier answers its error (410).
    return offers.forceFetch(`${priceKey(brand)}|${offerId}`, {
      context: async () => {
        const offer = await price();
        const answer = new JsonAnswer(writeOffer(offer));
        return {
          value: answer,
          size: answer.size,
          expiresAt: Math.min(Date.parse(offer.expires_at), now() + OFFER_CACHE_MS),
        };
      },
    });
  }

  async function verifyOffer(offerId: string): Promise<OfferVerification> {
    const supplier = await offerFlights(providers, offerId);
    const offer = await guarded(() => supplier.getOffer(offerId));
    if (departsTooSoon(offer, now())) throw flightErrors.departsTooSoon();
    const remainingMs = Date.parse(offer.expires_at) - clock().getTime();
    return {
      valid: true,
      offer_id: offer.id,
      expires_at: offer.expires_at,
      minutes_remaining: Math.max(0, Math.floor(remainingMs / 60_000)),
      message: offerMessages.valid,
    };
  }

  async function getSeatMaps(offerId: string): Promise<SeatMap[]> {
    const supplier = await offerFlights(providers, offerId);
    return guarded(() => supplier.getSeatMaps(offerId));
  }

  return { getOffer, verifyOffer, getSeatMaps };
}
