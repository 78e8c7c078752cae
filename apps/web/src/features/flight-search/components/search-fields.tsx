import {
  CABIN_CLASSES,
  cabinClassLabels,
  type CriteriaProblem,
} from '@contrail/contracts/flight-search';
import { ArrowLeftRightIcon, PhoneIcon, SearchIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { RadioGroup, RadioGroupPill } from '../../../components/ui/radio-group';
import { cn } from '../../../lib/cn';
import { telHref } from '../../../lib/formatters';
import {
  localToday,
  swapAirports,
  withDepartureDate,
  type SearchFormValues,
} from '../lib/search-form';
import type { FieldErrors } from '../lib/search-form-resolver';
import { AirportAutocomplete } from './airport-autocomplete';
import { PassengerPicker } from './passenger-picker';
import { SearchFormPriceCalendar } from './search-form-price-calendar';

export const SEARCH_BUTTON_TEXT = 'Search Flights';
export const SEARCHING_TEXT = 'Searching...';

export function MultiCityMessage({ phone }: { phone: string }) {
  return (
    <div className="flex flex-col items-start gap-4 rounded-lg border border-border bg-muted/50 p-6 sm:flex-row sm:items-center sm:justify-between">
      <div className="grid gap-1">
        <p className="font-semibold">Planning a multi-city trip?</p>
        <p className="text-sm text-muted-foreground">
          Call our travel experts on {phone} and they will plan every leg of your journey with you.
        </p>
      </div>
      <Button asChild size="lg">
        <a href={telHref(phone)}>
          <PhoneIcon aria-hidden="true" />
          Call {phone}
        </a>
      </Button>
    </div>
  );
}

interface SearchFieldsProps {
  id: string;
  variant: 'home' | 'compact';
  values: SearchFormValues;
  errors: FieldErrors;
  onChange: (values: SearchFormValues, ...changed: CriteriaProblem['field'][]) => void;
  searching: boolean;
}

export function SearchFields({
  id,
  variant,
  values,
  errors,
  onChange,
  searching,
}: SearchFieldsProps) {
  const home = variant === 'home';
  const submit = (
    <Button
      type="submit"
      size="lg"
      disabled={searching}
      className={cn('h-12', home ? 'w-full sm:w-auto sm:min-w-48' : 'w-full lg:w-auto')}
    >
      <SearchIcon aria-hidden="true" />
      {searching ? SEARCHING_TEXT : SEARCH_BUTTON_TEXT}
    </Button>
  );
  const fields = { id, values, errors, onChange };

  return (
    <div className="grid gap-4">
      <div
        className={cn(
          'grid grid-cols-2 gap-3',
          home
            ? 'lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_11rem_11rem_minmax(0,13rem)]'
            : 'lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_10.5rem_10.5rem_auto]',
        )}
      >
        <AirportFields {...fields} />
        <DateFields {...fields} />
        {home ? <PassengersField {...fields} /> : null}
        {home ? null : <div className="col-span-2 flex items-end lg:col-span-1">{submit}</div>}
      </div>
      {home ? (
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div className="flex flex-col gap-4 sm:flex-row sm:items-end">
            <ClassField {...fields} />
            <SearchFormPriceCalendar
              id={id}
              values={values}
              onPick={(departureDate, returnDate) =>
                onChange(
                  { ...values, departureDate, returnDate: returnDate ?? values.returnDate },
                  'departureDate',
                  'returnDate',
                )
              }
            />
          </div>
          {submit}
        </div>
      ) : null}
    </div>
  );
}

type FieldGroupProps = Pick<SearchFieldsProps, 'id' | 'values' | 'errors' | 'onChange'>;

/** From and To, with the button that swaps them. */
function AirportFields({ id, values, errors, onChange }: FieldGroupProps) {
  return (
    <div className="relative col-span-2 grid gap-3 sm:grid-cols-2">
      <FieldShell id={`${id}-origin`} label="From" error={errors.origin}>
        <AirportAutocomplete
          id={`${id}-origin`}
          icon="takeoff"
          value={values.origin}
          invalid={Boolean(errors.origin)}
          describedBy={errors.origin ? `${id}-origin-error` : undefined}
          onChange={(origin) => onChange({ ...values, origin }, 'origin')}
        />
      </FieldShell>
      <FieldShell id={`${id}-destination`} label="To" error={errors.destination}>
        <AirportAutocomplete
          id={`${id}-destination`}
          icon="landing"
          inset
          value={values.destination}
          invalid={Boolean(errors.destination)}
          describedBy={errors.destination ? `${id}-destination-error` : undefined}
          onChange={(destination) => onChange({ ...values, destination }, 'destination')}
        />
      </FieldShell>
      <button
        type="button"
        aria-label="Swap origin and destination"
        title="Swap origin and destination"
        onClick={() => onChange(swapAirports(values), 'origin', 'destination')}
        className="absolute top-[3.625rem] right-4 z-10 inline-flex size-9 items-center justify-center rounded-full border border-input bg-background text-foreground shadow-sm transition-colors outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring sm:top-[1.75rem] sm:right-auto sm:left-1/2 sm:-translate-x-1/2"
      >
        <ArrowLeftRightIcon className="size-4 rotate-90 sm:rotate-0" aria-hidden="true" />
      </button>
    </div>
  );
}

/** Departure and return dates; no return on a one-way trip. */
function DateFields({ id, values, errors, onChange }: FieldGroupProps) {
  const today = localToday();
  const oneWay = values.tripType === 'one-way';
  return (
    <>
      <FieldShell id={`${id}-departure`} label="Departure" error={errors.departureDate}>
        <input
          id={`${id}-departure`}
          type="date"
          required
          min={today}
          value={values.departureDate}
          aria-invalid={errors.departureDate ? true : undefined}
          aria-describedby={errors.departureDate ? `${id}-departure-error` : undefined}
          onChange={(event) =>
            onChange(withDepartureDate(values, event.target.value), 'departureDate', 'returnDate')
          }
          className={dateInputClass}
        />
      </FieldShell>
      <FieldShell id={`${id}-return`} label="Return" error={errors.returnDate}>
        <input
          id={`${id}-return`}
          type="date"
          min={values.departureDate || today}
          value={oneWay ? '' : values.returnDate}
          disabled={oneWay}
          aria-invalid={errors.returnDate ? true : undefined}
          aria-describedby={errors.returnDate ? `${id}-return-error` : undefined}
          onChange={(event) =>
            onChange({ ...values, returnDate: event.target.value }, 'returnDate')
          }
          className={dateInputClass}
        />
      </FieldShell>
    </>
  );
}

/** The party, counts and ages, in a popover. */
function PassengersField({ id, values, errors, onChange }: FieldGroupProps) {
  return (
    <FieldShell
      className="col-span-2 lg:col-span-1"
      id={`${id}-passengers`}
      label="Passengers"
      error={
        errors.adultsCount ??
        errors.childrenCount ??
        errors.infantsCount ??
        errors.childrenAges ??
        errors.infantsAges
      }
    >
      <PassengerPicker
        id={`${id}-passengers`}
        align="end"
        values={values}
        agesError={errors.childrenAges ?? errors.infantsAges}
        onChange={(next) =>
          onChange(
            next,
            'adultsCount',
            'childrenCount',
            'infantsCount',
            'childrenAges',
            'infantsAges',
          )
        }
      />
    </FieldShell>
  );
}

/** The cabin class as a row of pills. */
function ClassField({ id, values, onChange }: FieldGroupProps) {
  return (
    <div className="grid gap-2">
      <Label id={`${id}-class-label`} className={fieldLabelClass}>
        Class
      </Label>
      <RadioGroup
        aria-labelledby={`${id}-class-label`}
        value={values.cabinClass}
        onValueChange={(next) => {
          const cabinClass = CABIN_CLASSES.find((cabin) => cabin === next);
          if (cabinClass) onChange({ ...values, cabinClass }, 'cabinClass');
        }}
      >
        {CABIN_CLASSES.map((cabin) => (
          <RadioGroupPill key={cabin} value={cabin}>
            {cabinClassLabels[cabin]}
          </RadioGroupPill>
        ))}
      </RadioGroup>
    </div>
  );
}

// `focus-within:`: a date field whose calendar button has the focus matches only `:focus-within`.
const dateInputClass =
  'flex h-12 w-full min-w-0 rounded-md border border-input bg-background px-3 py-2 text-base text-foreground shadow-xs transition-colors outline-none focus-within:border-ring focus-within:ring-2 focus-within:ring-ring/30 disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-60 aria-invalid:border-destructive md:text-sm';

const fieldLabelClass = 'text-xs font-semibold tracking-wide text-muted-foreground uppercase';

function FieldShell({
  id,
  label,
  error,
  className,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('grid min-w-0 content-start gap-1.5', className)}>
      <Label htmlFor={id} className={fieldLabelClass}>
        {label}
      </Label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-xs font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
