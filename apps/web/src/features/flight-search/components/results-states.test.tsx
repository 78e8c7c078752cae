import type { SearchRequest } from '@contrail/contracts/search-rules';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SLOW_SEARCH_MS, searchProgressTexts } from '../lib/search-progress';
import { ResultsLoading } from './results-states';

const criteria: SearchRequest = {
  origin: 'LHR',
  destination: 'JFK',
  departureDate: '2026-03-10',
  cabinClass: 'economy',
  adultsCount: 1,
  childrenCount: 0,
  infantsCount: 0,
  childrenAges: [],
  infantsAges: [],
  tripType: 'one-way',
};
const cities: Record<string, string> = { LHR: 'London', JFK: 'New York' };

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the results while a search runs', () => {
  it('says what is searched at once, and that airlines can take a while after 8 seconds', () => {
    render(<ResultsLoading criteria={criteria} cityOf={(code) => cities[code]} />);
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toHaveTextContent(
      'Searching for flights from London (LHR) to New York (JFK) on Tue, Mar 10...',
    );
    expect(status).not.toHaveTextContent(searchProgressTexts.slow);

    act(() => {
      vi.advanceTimersByTime(SLOW_SEARCH_MS - 1);
    });
    expect(status).not.toHaveTextContent(searchProgressTexts.slow);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(status).toHaveTextContent(searchProgressTexts.slow);
  });

  it('lies over the skeleton, which keeps the place the results take', () => {
    const { container } = render(
      <ResultsLoading criteria={criteria} cityOf={(code) => cities[code]} />,
    );
    const status = screen.getByRole('status');
    expect(status).toHaveClass('absolute');
    // The skeleton is hidden from assistive technology; the status is not inside it.
    const skeleton = container.querySelector('[aria-hidden="true"]');
    expect(skeleton).not.toBeNull();
    expect(skeleton?.contains(status)).toBe(false);
  });
});
