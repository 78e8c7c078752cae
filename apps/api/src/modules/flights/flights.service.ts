import type { Airport } from '@contrail/contracts/airports';
import {
  addDays,
  criteriaProblems,
  searchMessages,
  type SearchCriteria,
} from '@contrail/contracts/flight-search';
import {
  fromMinorUnits,
  percentToBasisPoints,
  sellPrice,
  toMinorUnits,
} from '@contrail/contracts/money';
import {
  DATE_PRICE_SPREAD_DAYS,
  offerMessages,
  type DatePrices,
  type Offer,
  type OfferVerification,
  type SearchResponse,
  type SeatMap,
} from '@contrail/contracts/offers';
import { AppError, badRequest } from '../../lib/app-error';
import { localDate } from '../../lib/zoned-time';
import { SupplierError, type FlightSupplier } from '../../suppliers/flight-supplier';
import type { BrandContext } from '../brands/brands.service';

export const SEARCH_TIMEOUT_MS = 20_000;
const OFFER_LIFETIME_MS = 30 * 60 * 1000;

export const flightMessages = {
  unavailable: 'This flight offer is no longer available. Please select another flight.',
  priceChanged: 'The price of this flight has changed.',
  timeout: 'The airline did not answer in time. Please try again.',
} as const;

/** The provider's price with the brand's markup applied once (PRODUCT.md §5). */
export function withSellPrice(offer: Offer, markupPercent: string): Offer {
  const price = sellPrice(
    {
      baseMinor: toMinorUnits(offer.base_amount),
      taxMinor: toMinorUnits(offer.tax_amount),
      totalMinor: toMinorUnits(offer.total_amount),
    },
    percentToBasisPoints(markupPercent),
  );
  return {
    ...offer,
    base_amount: fromMinorUnits(price.baseMinor),
    tax_amount: fromMinorUnits(price.taxMinor),
    total_amount: fromMinorUnits(price.totalMinor),
  };
}

/** Maps a provider failure to the answer a traveller gets. */
export function supplierFailure(error: unknown): unknown {
  if (!(error instanceof SupplierError)) return error;
  switch (error.code) {
    case 'offer_expired':
      return new AppError(410, 'offer_expired', offerMessages.expired);
    case 'offer_unavailable':
      return new AppError(410, 'offer_unavailable', flightMessages.unavailable);
    case 'not_found':
      return new AppError(404, 'offer_not_found', offerMessages.notFound);
    case 'price_changed':
      return new AppError(409, 'price_changed', flightMessages.priceChanged);
    case 'timeout':
    case 'aborted':
      return new AppError(504, 'supplier_timeout', flightMessages.timeout);
    case 'validation':
      return badRequest(error.message, error.details.fields);
    default:
      return error;
  }
}

async function guarded<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw supplierFailure(error);
  }
}

export interface FlightsService {
  airports(): readonly Airport[];
  search(criteria: SearchCriteria, brand: BrandContext): Promise<SearchResponse>;
  /** The cheapest price of the same trip on the days around the chosen one. */
  datePrices(criteria: SearchCriteria, brand: BrandContext): Promise<DatePrices>;
  getOffer(offerId: string, brand: BrandContext): Promise<Offer>;
  verifyOffer(offerId: string): Promise<OfferVerification>;
  getSeatMaps(offerId: string): Promise<SeatMap[]>;
}

export function createFlightsService({
  supplier,
  clock,
  searchTimeoutMs = SEARCH_TIMEOUT_MS,
}: {
  supplier: FlightSupplier;
  clock: () => Date;
  searchTimeoutMs?: number;
}): FlightsService {
  const byCode = new Map(supplier.listAirports().map((airport) => [airport.iata_code, airport]));

  const service: FlightsService = {
    airports: () => supplier.listAirports(),

    async datePrices(criteria, brand) {
      const days = [];
      for (let shift = -DATE_PRICE_SPREAD_DAYS; shift <= DATE_PRICE_SPREAD_DAYS; shift += 1) {
        const departureDate = addDays(criteria.departureDate, shift);
        const returnDate =
          criteria.tripType === 'round-trip' && criteria.returnDate
            ? addDays(criteria.returnDate, shift)
            : null;
        days.push({ departureDate, returnDate });
      }
      const prices = await Promise.all(
        days.map(async (day) => {
          try {
            const result = await service.search(
              {
                ...criteria,
                departureDate: day.departureDate,
                ...(day.returnDate ? { returnDate: day.returnDate } : {}),
              },
              brand,
            );
            const cheapest = result.offers.reduce<number | null>((min, offer) => {
              const total = toMinorUnits(offer.total_amount);
              return min === null || total < min ? total : min;
            }, null);
            return cheapest === null ? null : fromMinorUnits(cheapest);
          } catch (error) {
            // A day that cannot be searched (in the past, beyond the horizon) simply has no price.
            if (error instanceof AppError && error.statusCode < 500) return null;
            throw error;
          }
        }),
      );
      return {
        currency: brand.currency,
        days: days.map((day, i) => ({ ...day, cheapestAmount: prices[i] ?? null })),
      };
    },

    async search(criteria, brand) {
      const origin = byCode.get(criteria.origin);
      const destination = byCode.get(criteria.destination);
      if (!origin)
        throw badRequest(searchMessages.originRequired, { origin: searchMessages.originRequired });
      if (!destination) {
        throw badRequest(searchMessages.destinationRequired, {
          destination: searchMessages.destinationRequired,
        });
      }
      // "Today" is the date where the trip starts, not the server's.
      const problems = criteriaProblems(criteria, localDate(clock(), origin.time_zone));
      const [first] = problems;
      if (first) {
        throw new AppError(
          422,
          'invalid_search',
          first.message,
          Object.fromEntries(problems.map((problem) => [problem.field, problem.message])),
        );
      }
      const slices = [
        {
          origin: criteria.origin,
          destination: criteria.destination,
          departureDate: criteria.departureDate,
        },
      ];
      if (criteria.tripType === 'round-trip' && criteria.returnDate) {
        slices.push({
          origin: criteria.destination,
          destination: criteria.origin,
          departureDate: criteria.returnDate,
        });
      }
      const passengers = [
        ...Array.from({ length: criteria.adultsCount }, () => ({ type: 'adult' as const })),
        ...Array.from({ length: criteria.childrenCount }, () => ({ type: 'child' as const })),
        ...Array.from({ length: criteria.infantsCount }, () => ({
          type: 'infant_without_seat' as const,
        })),
      ];
      const result = await guarded(() =>
        supplier.search({
          slices,
          passengers,
          cabinClass: criteria.cabinClass,
          currency: brand.currency,
          signal: AbortSignal.timeout(searchTimeoutMs),
        }),
      );
      const offers = result.offers.map((offer) => withSellPrice(offer, brand.markupPercent));
      const expiresAt =
        offers.map((offer) => offer.expires_at).sort()[0] ??
        new Date(clock().getTime() + OFFER_LIFETIME_MS).toISOString();
      return { searchId: result.id, offers, expiresAt };
    },

    async getOffer(offerId, brand) {
      const offer = await guarded(() => supplier.getOffer(offerId));
      return withSellPrice(offer, brand.markupPercent);
    },

    async verifyOffer(offerId) {
      const offer = await guarded(() => supplier.getOffer(offerId));
      const remainingMs = Date.parse(offer.expires_at) - clock().getTime();
      return {
        valid: true,
        offer_id: offer.id,
        expires_at: offer.expires_at,
        minutes_remaining: Math.max(0, Math.floor(remainingMs / 60_000)),
        message: offerMessages.valid,
      };
    },

    getSeatMaps: (offerId) => guarded(() => supplier.getSeatMaps(offerId)),
  };
  return service;
}
