import { searchAnswer } from '../../../test/offers';
import type { SearchCriteria } from '@contrail/contracts/search-rules';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { jsonResponse, stubFetch, type RecordedRequest } from '../../../test/fetch-stub';
import { flightSearchKeys, flightSearchQueryOptions, useDatePrices } from './search-flights';
import { UNWATCHED_SEARCH_MS } from './unwatched-search';

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

/** A search the API has not answered yet, which fails as fetch does when its signal aborts. */
function unanswered(request: RecordedRequest): Promise<Response> {
  return new Promise<Response>((_resolve, reject) => {
    request.signal?.addEventListener('abort', () => {
      reject(new DOMException('The operation was aborted.', 'AbortError'));
    });
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a search the traveller leaves', () => {
  it('aborts its request once nobody has watched it for a moment, and is searched afresh when shown again', async () => {
    const requests = stubFetch({ 'POST /api/flights/search': unanswered });
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const page = renderHook(() => useQuery(flightSearchQueryOptions(criteria)), { wrapper });
    await waitFor(() => {
      expect(requests).toHaveLength(1);
    });
    const signal = requests[0]?.signal;
    expect(signal?.aborted).toBe(false);

    // The traveller leaves the results: the request goes on for a moment, then is aborted.
    page.unmount();
    expect(signal?.aborted).toBe(false);
    await waitFor(() => {
      expect(signal?.aborted).toBe(true);
    });
    // Not a failure to show: the search is as if never made, and is made again when shown.
    expect(client.getQueryState(flightSearchKeys.search(criteria))).toMatchObject({
      status: 'pending',
      fetchStatus: 'idle',
      error: null,
    });
    renderHook(() => useQuery(flightSearchQueryOptions(criteria)), { wrapper });
    await waitFor(() => {
      expect(requests).toHaveLength(2);
    });
    expect(requests[1]?.signal?.aborted).toBe(false);
  });

  it('is neither aborted nor asked again when its page remounts at once', async () => {
    let answer: (response: Response) => void = () => undefined;
    const requests = stubFetch({
      'POST /api/flights/search': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const client = createQueryClient();
    function Results() {
      const search = useQuery(flightSearchQueryOptions(criteria));
      return <p>{search.isSuccess ? 'answered' : 'searching'}</p>;
    }
    // A new key remounts the page in one commit (as StrictMode, or a lazily loaded parent, does):
    // for that moment the search has no observer.
    const page = (key: string) => (
      <QueryClientProvider client={client}>
        <Results key={key} />
      </QueryClientProvider>
    );
    const view = render(page('first'));
    await waitFor(() => {
      expect(requests).toHaveLength(1);
    });
    view.rerender(page('again'));
    await pause(UNWATCHED_SEARCH_MS + 300);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.signal?.aborted).toBe(false);

    answer(jsonResponse(searchAnswer([], '2026-03-01T10:30:00.000Z', 'orq_1')));
    expect(await screen.findByText('answered')).toBeInTheDocument();
  });
});
