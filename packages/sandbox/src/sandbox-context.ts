/**
 * What the sandbox's parts share: the store and the clock, the seed's network and the offer
 * context, ids drawn at random, and reading an offer id back as it stands now.
 */
import { sandboxErrorCodes, SandboxError } from './errors';
import type { Network } from './network';
import { readOfferId, type OfferSpec } from './offer-id';
import { resolveFlights } from './offer-flights';
import { priceOffer, type OfferContext } from './offer-pricing';
import { offerLifetimeMs, offerPassengers, type PricedOffer } from './offers';
import { findSpecialRoute, type SpecialBehaviour } from './special-routes';
import type { SandboxStore } from './store';

/** What the price-changed special route adds on re-reading: 10.00, 1000 in JPY, 1.000 in KWD. */
const priceChangeMinorUnits = 1000;
export const bookingReferenceAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const idAlphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export interface SandboxContext {
  /** Orders, seat sales and cancellations. */
  readonly store: SandboxStore;
  readonly seed: string;
  readonly network: Network;
  readonly offers: OfferContext;
  /** The current time, epoch ms, from the injected clock. */
  readonly now: () => number;
  /** `length` characters of `alphabet`, drawn at random. */
  readonly randomString: (alphabet: string, length: number) => string;
}

/** An offer as it reads now, and the total its search answered (they differ on one route). */
export interface ReadOffer {
  readonly priced: PricedOffer;
  readonly searchTotal: number;
}

/**
 * Random strings from `randomBytes`. Unbiased: bytes beyond the last whole multiple of the
 * alphabet are drawn again.
 */
export function randomStrings(
  randomBytes: (size: number) => Uint8Array,
): (alphabet: string, length: number) => string {
  return (alphabet, length) => {
    const limit = 256 - (256 % alphabet.length);
    let out = '';
    while (out.length < length) {
      for (const byte of randomBytes(length)) {
        if (byte < limit && out.length < length) out += alphabet.charAt(byte % alphabet.length);
      }
    }
    return out;
  };
}

/** The special behaviour of an offer's route (its first slice), if it has one. */
export function behaviourOf(spec: OfferSpec): SpecialBehaviour | undefined {
  const first = spec.slices[0];
  const origin = first?.[0]?.origin;
  const destination = first?.[first.length - 1]?.destination;
  if (origin === undefined || destination === undefined) return undefined;
  return findSpecialRoute(origin, destination)?.behaviour;
}

/** Verifies, checks expiry and availability, and prices an offer id as it stands now. */
export function readOffer(sandbox: SandboxContext, offerId: string): ReadOffer {
  const spec = typeof offerId === 'string' ? readOfferId(offerId, sandbox.offers.secret) : null;
  if (spec === null) {
    throw new SandboxError(sandboxErrorCodes.notFound, 'No offer with this id exists.');
  }
  if (sandbox.now() >= spec.createdAt + offerLifetimeMs) {
    throw new SandboxError(sandboxErrorCodes.offerExpired, 'The offer has expired; search again.');
  }
  const behaviour = behaviourOf(spec);
  const slices = resolveFlights(sandbox.network, spec);
  if (behaviour === 'offer_gone' || slices === null) {
    throw new SandboxError(
      sandboxErrorCodes.offerNoLongerAvailable,
      'The airline no longer sells this offer.',
    );
  }
  const passengers = offerPassengers(spec.searchKey, spec.passengers);
  const searchPrice = priceOffer(sandbox.offers, spec, slices, passengers);
  if (behaviour !== 'price_changed') {
    return { priced: searchPrice, searchTotal: searchPrice.totalAmount };
  }
  return {
    priced: priceOffer(sandbox.offers, spec, slices, passengers, priceChangeMinorUnits),
    searchTotal: searchPrice.totalAmount,
  };
}
