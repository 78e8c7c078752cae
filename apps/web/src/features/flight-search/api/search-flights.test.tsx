import { searchAnswer } from '../../../test/offers';
import type { SearchCriteria } from '@contrail/contracts/flight-search';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { flightSearchQueryOptions, useDatePrices } from './search-flights';

const criteria: SearchCriteria = {
  origin: 'LHR',
  destination: 'JFK',
  departureDate: '2026-03-10',
  returnDate: '2026-03-17',
  cabinClass: 'economy',
  adultsCount: 1,
  childrenCount: 0,
  infantsCount: 0,
  childrenAges: [],
  infantsAges: [],
  tripType: 'round-trip',
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the ±3-day strip', () => {
  it('is asked only once the results have come, never alongside them', async () => {
    let answerSearch: (response: Response) => void = () => undefined;
    const requests = stubFetch({
      'POST /api/flights/search': () =>
        new Promise<Response>((resolve) => {
          answerSearch = resolve;
        }),
      'POST /api/flights/date-prices': () =>
        jsonResponse({
          currency: 'USD',
          days: [
            { departureDate: '2026-03-10', returnDate: '2026-03-17', cheapestAmount: '420.00' },
          ],
        }),
    });
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    // The results page's search, and the strip beside it.
    const { result } = renderHook(
      () => ({
        search: useQuery(flightSearchQueryOptions(criteria)),
        strip: useDatePrices(criteria),
      }),
      { wrapper },
    );
    await waitFor(() => {
      expect(requests.map((r) => r.path)).toEqual(['/api/flights/search']);
    });
    expect(result.current.strip.fetchStatus).toBe('idle');

    answerSearch(jsonResponse(searchAnswer([], '2026-03-01T10:30:00.000Z', 'orq_1')));
    await waitFor(() => {
      expect(result.current.strip.data?.days[0]?.cheapestAmount).toBe('420.00');
    });
    expect(requests.map((r) => r.path)).toEqual([
      '/api/flights/search',
      '/api/flights/date-prices',
    ]);
  });
});
