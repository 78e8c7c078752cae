// The cheapest prices around a search: of the same trip on the days around the chosen one (the
// results page's date strip, asked within its budget), and of each departure date of a month
// (the price calendar, from what is cached only: never a new search).
import { addDays, searchMessages, type SearchRequest } from '@contrail/contracts/flight-search';
import { DATE_PRICE_SPREAD_DAYS, type DatePrices } from '@contrail/contracts/offers';
import {
  datesOfMonth,
  type PriceCalendar,
  type PriceCalendarQuery,
} from '@contrail/contracts/price-calendar';
import { AppError } from '../../lib/app-error';
import { clientClosedRequest } from '../../lib/client-left';
import { currentFlights, type ProviderRegistry } from '../../providers/registry';
import type { BrandContext } from '../brands/brands.service';
import { flightErrors } from './flights.errors';
import { isWithin, type searchCriteria } from './search-criteria';
import type { CachedSearches } from './cached-searches';

export function datePriceSearches({
  providers,
  airportsOf,
  cheapestAmount,
}: {
  providers: ProviderRegistry;
  airportsOf: ReturnType<typeof searchCriteria>['airportsOf'];
  cheapestAmount: CachedSearches['cheapestAmount'];
}) {
  /** The cheapest price of the same trip on the days around the chosen one. */
  async function datePrices(
    criteria: SearchRequest,
    brand: BrandContext,
    left?: AbortSignal,
  ): Promise<DatePrices> {
    // A multi-city trip has no single date to move: its results page shows no strip.
    if (criteria.tripType === 'multi-city') return { currency: brand.currency, days: [] };
    const supplier = await currentFlights(providers);
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
          return await cheapestAmount(
            supplier,
            {
              ...criteria,
              departureDate: day.departureDate,
              ...(day.returnDate ? { returnDate: day.returnDate } : {}),
            },
            brand,
            'strip-budget',
            left,
          );
        } catch (error) {
          // A day that cannot be searched (in the past, beyond the horizon) simply has no price.
          if (error instanceof AppError && error.statusCode < 500) return null;
          throw error;
        }
      }),
    );
    if (left?.aborted) throw clientClosedRequest();
    // The provider's currency (Duffel prices in its account's), the brand's when none is known.
    const currency = prices.find((price) => price !== null)?.currency ?? brand.currency;
    return {
      currency,
      days: days.map((day, i) => ({ ...day, cheapestAmount: prices[i]?.amount ?? null })),
    };
  }

  /** The cheapest price of each departure date of a month that has one. */
  async function priceCalendar(
    query: PriceCalendarQuery,
    brand: BrandContext,
  ): Promise<PriceCalendar> {
    // The airports are checked once for the month: an unknown one is the request's error.
    const criteriaOn = (departureDate: string): SearchRequest => ({
      origin: query.origin,
      destination: query.destination,
      departureDate,
      ...(query.tripLength === undefined
        ? {}
        : { returnDate: addDays(departureDate, query.tripLength) }),
      cabinClass: query.cabinClass,
      adultsCount: 1,
      childrenCount: 0,
      infantsCount: 0,
      childrenAges: [],
      infantsAges: [],
      tripType: query.tripLength === undefined ? 'one-way' : 'round-trip',
    });
    const { origin, destination } = airportsOf(query);
    if (origin === destination || isWithin(origin, destination) || isWithin(destination, origin)) {
      throw flightErrors.invalidSearch([
        { field: 'destination', message: searchMessages.sameAirports },
      ]);
    }
    const dates = datesOfMonth(query.month);
    const supplier = await currentFlights(providers);
    const prices = await Promise.all(
      dates.map(async (date) => {
        try {
          return await cheapestAmount(supplier, criteriaOn(date), brand, 'never');
        } catch (error) {
          // A date that cannot be searched (past, beyond the horizon) has no price.
          if (error instanceof AppError && error.statusCode < 500) return null;
          throw error;
        }
      }),
    );
    return dates.flatMap((date, i) => {
      const price = prices[i];
      return price ? [{ date, amount: price.amount, currency: price.currency }] : [];
    });
  }

  return { datePrices, priceCalendar };
}
