import type { PriceCalendar } from '@contrail/contracts/price-calendar';
import { Link } from '@tanstack/react-router';
import { ArrowDownIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { formatPrice } from '../../../lib/flight-formatters';
import { lowPriceLimit, monthWeeks, returnDateOf } from '../lib/price-calendar';
import type { SearchPageSearch } from '../lib/search-params';

const NO_PRICE = '—';
export const LOW_PRICE = 'Low price';

const WEEKDAYS = [
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
  ['Sun', 'Sunday'],
] as const;

const longDate = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** '2026-03-11' → 'Wednesday, March 11, 2026'. */
function longDateOf(date: string): string {
  return longDate.format(new Date(`${date}T00:00:00Z`));
}

/** The icon beside a low price: the colour is never the only sign. */
export function LowPriceIcon({ className }: { className?: string }) {
  return <ArrowDownIcon className={cn('size-3 text-success', className)} aria-hidden="true" />;
}

interface DayProps {
  date: string;
  price: PriceCalendar[number] | undefined;
  low: boolean;
  current: boolean;
  loading: boolean;
  target: CalendarTarget;
  tripLength: number | null;
  onChoose: () => void;
}

/**
 * What a priced day does: on the results page a link to that day's results (`search`), on the
 * search form a button that fills the form's dates and searches them (`onPick`).
 */
export type CalendarTarget =
  | { search: SearchPageSearch }
  | { onPick: (departureDate: string, returnDate: string | undefined) => void };

function Day({ date, price, low, current, loading, target, tripLength, onChoose }: DayProps) {
  const dayNumber = String(Number(date.slice(8)));
  const box = cn(
    'flex h-14 w-full flex-col items-stretch justify-between rounded-md border px-1 py-1 text-left',
    current ? 'border-primary ring-1 ring-primary' : 'border-border',
  );
  const top = (
    <span className="flex items-center justify-between text-xs" aria-hidden="true">
      <span className={cn(current && 'font-semibold')}>{dayNumber}</span>
      {low ? <LowPriceIcon /> : null}
    </span>
  );
  if (loading) {
    return (
      <span className={cn(box, 'bg-card')} aria-current={current ? 'date' : undefined}>
        {top}
        <Skeleton className="h-3.5 w-full" />
      </span>
    );
  }
  if (!price) {
    return (
      <span
        className={cn(box, 'bg-muted/50 text-muted-foreground')}
        aria-current={current ? 'date' : undefined}
      >
        {top}
        <span className="text-center text-xs" aria-hidden="true">
          {NO_PRICE}
        </span>
        <span className="sr-only">{`${longDateOf(date)}, no price`}</span>
      </span>
    );
  }
  return (
    <PricedDay
      {...{ date, low, current, target, tripLength, onChoose, box, top }}
      amount={formatPrice(price.amount, price.currency)}
    />
  );
}

interface PricedDayProps extends Omit<DayProps, 'price' | 'loading'> {
  amount: string;
  box: string;
  top: ReactNode;
}

/**
 * A day with a price: a link to its results, or for the very search shown a button that only
 * closes the calendar (a link to the page itself would be called the current page, not date); on
 * the search form a button that fills the dates and searches them.
 */
function PricedDay(props: PricedDayProps) {
  const { date, low, current, target, tripLength, onChoose, amount, box, top } = props;
  const returnDate = returnDateOf(date, tripLength);
  const label = [longDateOf(date), amount, low ? LOW_PRICE.toLowerCase() : null]
    .filter(Boolean)
    .join(', ');
  const className = cn(
    box,
    'bg-card transition-colors outline-none hover:border-primary/60 hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring',
    low && 'border-success/60 bg-success/10',
  );
  const content = (
    <>
      {top}
      <span
        className={cn(
          'truncate text-center text-[0.6875rem] leading-tight font-semibold tabular-nums sm:text-xs',
          low && 'text-success',
        )}
      >
        {amount}
      </span>
    </>
  );
  if ('onPick' in target || (current && returnDate === target.search.returnDate)) {
    return (
      <button
        type="button"
        onClick={() => {
          if ('onPick' in target) target.onPick(date, returnDate);
          onChoose();
        }}
        aria-current={current ? 'date' : undefined}
        aria-label={label}
        className={className}
      >
        {content}
      </button>
    );
  }
  return (
    <Link
      to="/search"
      search={{ ...target.search, departureDate: date, returnDate }}
      onClick={onChoose}
      aria-current={current ? 'date' : undefined}
      aria-label={label}
      className={className}
    >
      {content}
    </Link>
  );
}

interface PriceCalendarGridProps {
  month: string;
  /** The month's prices; undefined while they load. */
  prices: PriceCalendar | undefined;
  caption: string;
  currentDate: string;
  target: CalendarTarget;
  tripLength: number | null;
  onChoose: () => void;
}

/** The month as a table of weeks, Monday first: each priced day a link to its results. */
export function PriceCalendarGrid({
  month,
  prices,
  caption,
  currentDate,
  target,
  tripLength,
  onChoose,
}: PriceCalendarGridProps) {
  const byDate = new Map((prices ?? []).map((price) => [price.date, price]));
  const limit = lowPriceLimit((prices ?? []).map((price) => Number(price.amount)));
  return (
    <table className="w-full table-fixed border-separate border-spacing-0.5 sm:border-spacing-1">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          {WEEKDAYS.map(([short, full]) => (
            <th
              key={short}
              scope="col"
              abbr={full}
              className="pb-1 text-xs font-medium text-muted-foreground"
            >
              {short}
            </th>
          ))}
        </tr>
      </thead>
      <tbody aria-busy={prices === undefined}>
        {monthWeeks(month).map((week) => (
          <tr key={week.find(Boolean) ?? month}>
            {week.map((date, index) => (
              <td key={date ?? `blank-${String(index)}`} className="p-0 align-top">
                {date ? (
                  <Day
                    date={date}
                    price={byDate.get(date)}
                    low={limit !== null && Number(byDate.get(date)?.amount) <= limit}
                    current={date === currentDate}
                    loading={prices === undefined}
                    target={target}
                    tripLength={tripLength}
                    onChoose={onChoose}
                  />
                ) : null}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
