import { CALENDAR_MAX_TRIP_LENGTH } from '@contrail/contracts/price-calendar';
import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { LoadError } from '../../../components/load-error';
import { Button } from '../../../components/ui/button';
import {
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import { usePriceCalendar } from '../api/price-calendar';
import {
  calendarMonths,
  shiftMonth,
  startMonth,
  tripLengthOf,
  type CalendarCriteria,
} from '../lib/price-calendar';
import { localToday } from '../lib/search-form';
import {
  LOW_PRICE,
  LowPriceIcon,
  PriceCalendarGrid,
  type CalendarTarget,
} from './price-calendar-grid';

export const priceCalendarTexts = {
  title: (origin: string, destination: string) => `Prices for ${origin} to ${destination}`,
  oneWay: 'The cheapest one-way price for one adult on each departure date.',
  roundTrip: 'The cheapest return price for one adult on each departure date.',
  previous: 'Previous month',
  next: 'Next month',
  tripLength: 'Trip length',
  days: (count: number) => (count === 1 ? '1 day' : `${String(count)} days`),
  error: 'Prices for this month could not load.',
  empty: 'No prices for this month. Try another month.',
} as const;

const monthName = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 'YYYY-MM' → 'March 2026'. */
function monthNameOf(month: string): string {
  return monthName.format(new Date(`${month}-01T00:00:00Z`));
}

const TRIP_LENGTHS = Array.from({ length: CALENDAR_MAX_TRIP_LENGTH }, (_, i) => i + 1);

interface MonthNavProps {
  month: string;
  today: string;
  onMonth: (month: string) => void;
}

/** The month's name between its arrows: no earlier than this month, no later than the horizon. */
function MonthNav({ month, today, onMonth }: MonthNavProps) {
  const { first, last } = calendarMonths(today);
  return (
    <div className="flex items-center justify-between gap-2">
      <Button
        type="button"
        variant="outline"
        size="icon"
        aria-label={priceCalendarTexts.previous}
        disabled={month <= first}
        onClick={() => onMonth(shiftMonth(month, -1))}
      >
        <ChevronLeftIcon aria-hidden="true" />
      </Button>
      <h3 className="text-base font-semibold" aria-live="polite">
        {monthNameOf(month)}
      </h3>
      <Button
        type="button"
        variant="outline"
        size="icon"
        aria-label={priceCalendarTexts.next}
        disabled={month >= last}
        onClick={() => onMonth(shiftMonth(month, 1))}
      >
        <ChevronRightIcon aria-hidden="true" />
      </Button>
    </div>
  );
}

function TripLengthSelect({ value, onChange }: { value: number; onChange: (n: number) => void }) {
  const id = useId();
  return (
    <div className="flex items-center gap-3">
      <Label htmlFor={id} className="shrink-0">
        {priceCalendarTexts.tripLength}
      </Label>
      <NativeSelect
        id={id}
        value={String(value)}
        className="w-32"
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {TRIP_LENGTHS.map((length) => (
          <option key={length} value={length}>
            {priceCalendarTexts.days(length)}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

interface PriceCalendarDialogProps {
  target: CalendarTarget;
  criteria: CalendarCriteria;
  originCity: string;
  destinationCity: string;
  /** Called once a date is chosen, as its results open or the form takes it. */
  onChoose: () => void;
}

/**
 * The dialog's content: a month of the cheapest prices, for the searched route, cabin and (for a
 * return) trip length. Mounted only while open, so it opens on the searched date's month.
 */
export function PriceCalendarDialog({
  target,
  criteria,
  originCity,
  destinationCity,
  onChoose,
}: PriceCalendarDialogProps) {
  const today = localToday();
  const [month, setMonth] = useState(() => startMonth(criteria.departureDate, today));
  const [tripLength, setTripLength] = useState(() => tripLengthOf(criteria));
  const calendar = usePriceCalendar({
    origin: criteria.origin,
    destination: criteria.destination,
    month,
    tripLength: tripLength ?? undefined,
    cabinClass: criteria.cabinClass,
  });
  const title = priceCalendarTexts.title(originCity, destinationCity);

  return (
    <DialogContent className="max-w-xl gap-3 p-4 sm:gap-4 sm:p-6">
      <DialogHeader className="pr-6">
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>
          {tripLength === null ? priceCalendarTexts.oneWay : priceCalendarTexts.roundTrip}
        </DialogDescription>
      </DialogHeader>
      {tripLength === null ? null : (
        <TripLengthSelect value={tripLength} onChange={setTripLength} />
      )}
      <MonthNav month={month} today={today} onMonth={setMonth} />
      {calendar.isError ? (
        <LoadError
          message={priceCalendarTexts.error}
          onRetry={() => void calendar.refetch()}
          retrying={calendar.isFetching}
        />
      ) : (
        <>
          <PriceCalendarGrid
            month={month}
            prices={calendar.data}
            caption={`${title}, ${monthNameOf(month)}`}
            currentDate={criteria.departureDate}
            target={target}
            tripLength={tripLength}
            onChoose={onChoose}
          />
          <CalendarNote empty={calendar.data?.length === 0} />
        </>
      )}
    </DialogContent>
  );
}

/** Under the month: that it has no prices, or else what the low-price mark means. */
function CalendarNote({ empty }: { empty: boolean }) {
  return empty ? (
    <p role="status" className="text-sm text-muted-foreground">
      {priceCalendarTexts.empty}
    </p>
  ) : (
    <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
      <LowPriceIcon className="size-3.5" />
      {LOW_PRICE}
    </p>
  );
}
