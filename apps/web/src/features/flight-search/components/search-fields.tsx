import { ArrowLeftRightIcon, SearchIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { localToday, swapAirports, withDepartureDate } from '../lib/search-form';
import { AirportAutocomplete } from './airport-autocomplete';
import { dateInputClass, FieldShell } from './field-shell';
import { ClassField, PassengersField, type FieldGroupProps } from './party-fields';
import { SearchFormPriceCalendar } from './search-form-price-calendar';

export const SEARCH_BUTTON_TEXT = 'Search Flights';
export const SEARCHING_TEXT = 'Searching...';

interface SearchFieldsProps extends FieldGroupProps {
  variant: 'home' | 'compact';
  searching: boolean;
  /** Submits the form with its values as they are now (a price calendar day was chosen). */
  onSearch: () => void;
}

export function SearchFields({
  id,
  variant,
  values,
  errors,
  onChange,
  searching,
  onSearch,
}: SearchFieldsProps) {
  const home = variant === 'home';
  const submit = <SearchButton variant={variant} searching={searching} />;
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
              onPick={(departureDate, returnDate) => {
                onChange(
                  { ...values, departureDate, returnDate: returnDate ?? values.returnDate },
                  'departureDate',
                  'returnDate',
                );
                onSearch();
              }}
            />
          </div>
          {submit}
        </div>
      ) : null}
    </div>
  );
}

/** The form's submit button, saying so while the search runs. */
export function SearchButton({
  variant,
  searching,
}: {
  variant: 'home' | 'compact';
  searching: boolean;
}) {
  return (
    <Button
      type="submit"
      size="lg"
      disabled={searching}
      className={cn(
        'h-12',
        variant === 'home' ? 'w-full sm:w-auto sm:min-w-48' : 'w-full lg:w-auto',
      )}
    >
      <SearchIcon aria-hidden="true" />
      {searching ? SEARCHING_TEXT : SEARCH_BUTTON_TEXT}
    </Button>
  );
}

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
