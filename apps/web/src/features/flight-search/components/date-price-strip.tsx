import type { SearchCriteria } from '@contrail/contracts/search-rules';
import { addDays } from '@contrail/contracts/search-rules';
import type { DatePrices } from '@contrail/contracts/offers';
import { DATE_PRICE_SPREAD_DAYS } from '@contrail/contracts/search-rules';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, type RefObject } from 'react';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { formatPrice, formatShortDate, NOT_AVAILABLE } from '../../../lib/flight-formatters';
import { useDatePrices } from '../api/search-flights';
import { localToday } from '../lib/search-form';
import type { SearchPageSearch } from '../lib/search-params';

const NO_PRICE = '—';

/** A day of the strip as the price answer gives it. */
type StripDay = DatePrices['days'][number];

interface DatePriceStripProps {
  search: SearchPageSearch;
  criteria: SearchCriteria;
}

const weekday = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: 'UTC' });

function weekdayOf(date: string): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? NOT_AVAILABLE : weekday.format(parsed);
}

/** The days of the strip: the answer's, or while it loads the same days without prices. */
function stripDays(criteria: SearchCriteria, answered: StripDay[] | undefined): StripDay[] {
  return (
    answered ??
    Array.from({ length: DATE_PRICE_SPREAD_DAYS * 2 + 1 }, (_, index) => ({
      departureDate: addDays(criteria.departureDate, index - DATE_PRICE_SPREAD_DAYS),
      returnDate: criteria.returnDate
        ? addDays(criteria.returnDate, index - DATE_PRICE_SPREAD_DAYS)
        : null,
      cheapestAmount: null,
    }))
  );
}

/** The lowest price among the days, or null when none has one. */
function lowestAmount(days: readonly StripDay[]): number | null {
  const amounts = days
    .map((day) => (day.cheapestAmount === null ? NaN : Number(day.cheapestAmount)))
    .filter(Number.isFinite);
  return amounts.length ? Math.min(...amounts) : null;
}

/**
 * On narrow screens the strip scrolls: bring the chosen day to the middle. Measured when the
 * browser reports the strip's size, after its own layout of the frame: measuring in the effect
 * made the browser lay the whole new page out there and then, in the task of the search click
 * (60–140 ms on a phone at 4× CPU slow-down).
 */
function useCentredChosenDay(departureDate: string): RefObject<HTMLElement | null> {
  const scroller = useRef<HTMLElement>(null);
  useEffect(() => {
    const container = scroller.current;
    if (!container) return;
    const centre = () => {
      const current = container.querySelector<HTMLElement>('[aria-current="date"]');
      if (!current || container.scrollWidth <= container.clientWidth) return;
      const box = container.getBoundingClientRect();
      const day = current.getBoundingClientRect();
      container.scrollLeft += day.left - box.left - (box.width - day.width) / 2;
    };
    if (typeof ResizeObserver === 'undefined') {
      centre();
      return;
    }
    const observer = new ResizeObserver(() => {
      observer.disconnect();
      centre();
    });
    observer.observe(container);
    return () => observer.disconnect();
  }, [departureDate]);
  return scroller;
}

/**
 * The ±3-day strip: the cheapest price of the same trip on the days around the chosen one (trip
 * length kept). Each day is a link to its results, so it works with a middle click too.
 */
export function DatePriceStrip({ search, criteria }: DatePriceStripProps) {
  const prices = useDatePrices(criteria);
  const today = localToday();
  const scroller = useCentredChosenDay(criteria.departureDate);
  const days = stripDays(criteria, prices.data?.days);
  const lowest = lowestAmount(days);

  return (
    <nav
      ref={scroller}
      aria-label="Prices on nearby dates"
      className="-mx-4 overflow-x-auto px-4 pb-1 sm:mx-0 sm:px-0"
    >
      <ol className="grid min-w-[44rem] grid-cols-7 gap-2">
        {days.map((day) => (
          <StripDayItem
            key={day.departureDate}
            day={day}
            search={search}
            criteria={criteria}
            current={day.departureDate === criteria.departureDate}
            past={day.departureDate < today}
            lowest={lowest}
            pending={prices.isPending}
            currency={prices.data?.currency}
          />
        ))}
      </ol>
    </nav>
  );
}

/** One day: its dates and price, a link to its results unless it is the chosen day or past. */
function StripDayItem({
  day,
  search,
  criteria,
  current,
  past,
  lowest,
  pending,
  currency,
}: DatePriceStripProps & {
  day: StripDay;
  current: boolean;
  past: boolean;
  lowest: number | null;
  pending: boolean;
  currency: string | undefined;
}) {
  const content = (
    <StripDayContent
      day={day}
      roundTrip={criteria.tripType === 'round-trip'}
      current={current}
      lowest={lowest}
      pending={pending}
      currency={currency}
    />
  );
  const className = cn(
    'flex h-full flex-col items-center justify-center gap-0.5 rounded-lg border px-2 py-2 text-center transition-colors',
    current
      ? 'border-primary bg-primary/10 ring-1 ring-primary'
      : 'border-border bg-card hover:border-primary/60 hover:bg-muted',
  );
  return (
    <li>
      {past || current ? (
        <span
          aria-current={current ? 'date' : undefined}
          aria-disabled={past && !current ? true : undefined}
          className={cn(className, past && !current && 'opacity-50')}
        >
          {content}
        </span>
      ) : (
        <Link
          to="/search"
          search={{
            ...search,
            departureDate: day.departureDate,
            returnDate:
              criteria.tripType === 'round-trip' ? (day.returnDate ?? undefined) : undefined,
          }}
          className={cn(className, 'outline-none focus-visible:ring-2 focus-visible:ring-ring')}
        >
          {content}
        </Link>
      )}
    </li>
  );
}

/** A day's weekday and dates, and its price (the lowest of the strip stands out). */
function StripDayContent({
  day,
  roundTrip,
  current,
  lowest,
  pending,
  currency,
}: {
  day: StripDay;
  roundTrip: boolean;
  current: boolean;
  lowest: number | null;
  pending: boolean;
  currency: string | undefined;
}) {
  const amount = day.cheapestAmount === null ? null : Number(day.cheapestAmount);
  const cheapest = amount !== null && amount === lowest;
  return (
    <>
      <span
        className={cn(
          'text-xs whitespace-nowrap',
          current ? 'font-medium text-foreground' : 'text-muted-foreground',
        )}
      >
        {weekdayOf(day.departureDate)}, {formatShortDate(day.departureDate)}
        {roundTrip && day.returnDate ? (
          <span className="hidden xl:inline"> – {formatShortDate(day.returnDate)}</span>
        ) : null}
      </span>
      {pending ? (
        <Skeleton className="mt-1 h-5 w-14" />
      ) : (
        <span
          className={cn(
            'text-sm font-semibold tabular-nums',
            cheapest && !current && 'text-primary',
          )}
        >
          {amount === null ? NO_PRICE : formatPrice(amount, currency)}
        </span>
      )}
    </>
  );
}
