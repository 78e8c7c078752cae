import { MULTI_CITY_SLICES, multiCityMessages } from '@contrail/contracts/search-rules';
import { PlusIcon, XIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import {
  SLICE_FIELD_PATHS,
  sliceDateMin,
  withSliceAdded,
  withSliceChange,
  withSliceRemoved,
  type SliceFormValues,
} from '../lib/multi-city-form';
import { localToday } from '../lib/search-form';
import { AirportAutocomplete } from './airport-autocomplete';
import { dateInputClass, FieldShell } from './field-shell';
import { ClassField, PassengersField, type FieldGroupProps } from './party-fields';
import { SearchButton } from './search-fields';

const multiCityTexts = {
  flight: (index: number) => `Flight ${index + 1}`,
  addFlight: 'Add another flight',
  remove: 'Remove',
  removeFlight: (index: number) => `Remove flight ${index + 1}`,
} as const;

interface MultiCityFieldsProps extends FieldGroupProps {
  /** 'home': passengers and class below the flights; 'compact': they are in the edit bar. */
  variant: 'home' | 'compact';
  searching: boolean;
}

/**
 * The Multi-City tab: two to five flights, each with From, To and a date no earlier than the
 * flight before; a new flight leaves from where the last one lands. Passengers and class are the
 * other tabs' own.
 */
export function MultiCityFields({ variant, searching, ...fields }: MultiCityFieldsProps) {
  const { id, values, onChange } = fields;
  const home = variant === 'home';
  // The flight just added: its To field takes the focus once it is drawn.
  const added = useRef<number | null>(null);
  useEffect(() => {
    if (added.current === null) return;
    document.getElementById(`${id}-slice-${added.current}-destination`)?.focus();
    added.current = null;
  }, [id, values.slices.length]);

  const add = (
    <AddFlight
      full={values.slices.length >= MULTI_CITY_SLICES.max}
      onAdd={() => {
        added.current = values.slices.length;
        onChange(withSliceAdded(values, localToday()));
      }}
    />
  );
  const search = <SearchButton variant={variant} searching={searching} />;
  return (
    <div className="grid gap-4">
      <ol aria-label="Flights" className={cn('grid', home ? 'gap-3' : 'gap-3 lg:gap-2')}>
        {values.slices.map((slice, index) => (
          // The rows are positions: removing a flight moves the ones after it up.
          <li key={index}>
            <SliceRow {...fields} variant={variant} index={index} slice={slice} />
          </li>
        ))}
      </ol>
      {home ? (
        <>
          {add}
          <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
            <div className="flex flex-col gap-4 sm:flex-row sm:items-end">
              <div className="sm:w-56">
                <PassengersField {...fields} />
              </div>
              <ClassField {...fields} />
            </div>
            {search}
          </div>
        </>
      ) : (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          {add}
          {search}
        </div>
      )}
    </div>
  );
}

/** Another flight, or, at five, that there can be no more. */
function AddFlight({ full, onAdd }: { full: boolean; onAdd: () => void }) {
  if (full)
    return <p className="text-sm text-muted-foreground">{multiCityMessages.tooManySlices}</p>;
  return (
    <Button type="button" variant="outline" className="justify-self-start" onClick={onAdd}>
      <PlusIcon aria-hidden="true" />
      {multiCityTexts.addFlight}
    </Button>
  );
}

type SliceRowProps = FieldGroupProps & { index: number; slice: SliceFormValues };

/**
 * One flight: its number and remove button, then From, To and the date. In a box of its own on
 * the home page and on a phone; on the results page's wide edit bar, one line per flight.
 */
function SliceRow({ variant, ...props }: SliceRowProps & { variant: 'home' | 'compact' }) {
  const { id, values, onChange, index } = props;
  const rowId = `${id}-slice-${index}`;
  const line = variant === 'compact';
  return (
    <div
      role="group"
      aria-labelledby={`${rowId}-title`}
      className={cn(
        'flex flex-col gap-3 rounded-lg border border-border p-3 sm:p-4',
        line && 'lg:flex-row lg:items-end lg:border-0 lg:p-0',
      )}
    >
      <div className={cn('flex min-h-8 items-center justify-between gap-3', line && 'lg:contents')}>
        <p
          id={`${rowId}-title`}
          className={cn('text-sm font-semibold', line && 'lg:w-16 lg:shrink-0 lg:pb-3.5')}
        >
          {multiCityTexts.flight(index)}
        </p>
        {values.slices.length > MULTI_CITY_SLICES.min ? (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            aria-label={multiCityTexts.removeFlight(index)}
            className={cn(line && 'lg:order-last lg:mb-2')}
            onClick={() => onChange(withSliceRemoved(values, index), ...SLICE_FIELD_PATHS)}
          >
            <XIcon aria-hidden="true" />
            {multiCityTexts.remove}
          </Button>
        ) : null}
      </div>
      <div
        className={cn(
          'grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_11rem]',
          line && 'lg:flex-1',
        )}
      >
        <SliceAirport {...props} field="origin" />
        <SliceAirport {...props} field="destination" />
        <SliceDate {...props} />
      </div>
    </div>
  );
}

/** A flight's From or To; a new To is the next flight's From when that one followed it. */
function SliceAirport({
  id,
  values,
  errors,
  onChange,
  index,
  slice,
  field,
}: SliceRowProps & { field: 'origin' | 'destination' }) {
  const fieldId = `${id}-slice-${index}-${field}`;
  const path = `slices.${index}.${field}` as const;
  const error = errors[path];
  return (
    <FieldShell id={fieldId} label={field === 'origin' ? 'From' : 'To'} error={error}>
      <AirportAutocomplete
        id={fieldId}
        icon={field === 'origin' ? 'takeoff' : 'landing'}
        value={slice[field]}
        invalid={Boolean(error)}
        describedBy={error ? `${fieldId}-error` : undefined}
        onChange={(code) => {
          const next = withSliceChange(values, index, { [field]: code });
          if (field === 'origin') onChange(next, path);
          else onChange(next, path, `slices.${index + 1}.origin`);
        }}
      />
    </FieldShell>
  );
}

/** A flight's date, no earlier than today or the flight before. */
function SliceDate({ id, values, errors, onChange, index, slice }: SliceRowProps) {
  const fieldId = `${id}-slice-${index}-departure`;
  const error = errors[`slices.${index}.departureDate`];
  // Later flights may move with this one: their messages go too.
  const datesFromHere = SLICE_FIELD_PATHS.filter((field) => field.endsWith('.departureDate')).slice(
    index,
  );
  return (
    <FieldShell
      id={fieldId}
      label="Departure"
      error={error}
      className="sm:col-span-2 lg:col-span-1"
    >
      <input
        id={fieldId}
        type="date"
        required
        min={sliceDateMin(values.slices, index, localToday())}
        value={slice.departureDate}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${fieldId}-error` : undefined}
        onChange={(event) =>
          onChange(
            withSliceChange(values, index, { departureDate: event.target.value }),
            ...datesFromHere,
          )
        }
        className={dateInputClass}
      />
    </FieldShell>
  );
}
