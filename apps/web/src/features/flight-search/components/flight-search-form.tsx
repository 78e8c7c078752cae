import {
  CABIN_CLASSES,
  cabinClassLabels,
  searchMessages,
  type CriteriaProblem,
  type SearchCriteria,
  type TripType,
} from '@contrail/contracts/flight-search';
import { useNavigate } from '@tanstack/react-router';
import { ArrowLeftRightIcon, PhoneIcon, SearchIcon } from 'lucide-react';
import { useId, useState, type ReactNode, type SyntheticEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { RadioGroup, RadioGroupPill } from '../../../components/ui/radio-group';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { toast } from '../../../components/ui/use-toast';
import { cn } from '../../../lib/cn';
import { telHref } from '../../../lib/formatters';
import { readLastSearch, readTripType, saveTripType } from '../lib/saved-search';
import {
  defaultSearchFormValues,
  formValuesFromCriteria,
  formValuesFromLastSearch,
  localToday,
  swapAirports,
  validateSearchForm,
  withDepartureDate,
  withTripType,
  type SearchFormValues,
} from '../lib/search-form';
import { criteriaFromSearch, criteriaToSearch, type SortOption } from '../lib/search-params';
import { AirportAutocomplete } from './airport-autocomplete';
import { PassengerPicker } from './passenger-picker';

export const SEARCH_BUTTON_TEXT = 'Search Flights';
export const SEARCHING_TEXT = 'Searching...';

type TripTab = TripType | 'multi-city';
const tripTabs: { value: TripTab; label: string }[] = [
  { value: 'round-trip', label: 'Round Trip' },
  { value: 'one-way', label: 'One Way' },
  { value: 'multi-city', label: 'Multi-City' },
];

export type FieldErrors = Partial<Record<CriteriaProblem['field'], string>>;

export function errorsByField(problems: readonly CriteriaProblem[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const problem of problems) errors[problem.field] ??= problem.message;
  return errors;
}

interface FlightSearchFormProps {
  /**
   * 'home': the full form of the home and partner pages (trip tabs with Multi-City, class as a
   * radio group). 'compact': the results page's edit bar (class in the passenger popover).
   */
  variant?: 'home' | 'compact';
  /**
   * The search to edit. Without it the form starts from `initialValues`, else from the last search
   * on this device (past dates moved to today), else from the defaults (departure today, return 7
   * days later, economy, 1 adult) and the last trip type.
   */
  criteria?: SearchCriteria;
  initialValues?: SearchFormValues;
  /** Problems to show on the fields from the start (a link that could not be searched). */
  initialErrors?: FieldErrors;
  /** The brand's phone, for the Multi-City message. */
  phone: string;
  /** Kept when the search changes (the results page keeps its sort). */
  sort?: SortOption;
  /** The results are loading: the button says so too. */
  busy?: boolean;
}

/**
 * The flight search form. Its values are a form's own state until submitted; on submit they are
 * checked with the API's schema and rules (each problem an error toast that blocks the search) and
 * become the /search URL.
 */
export function FlightSearchForm({
  variant = 'home',
  criteria,
  initialValues,
  initialErrors,
  phone,
  sort,
  busy = false,
}: FlightSearchFormProps) {
  const navigate = useNavigate();
  const id = useId();
  const [values, setValues] = useState<SearchFormValues>(() => {
    if (criteria) return formValuesFromCriteria(criteria);
    if (initialValues) return initialValues;
    const today = localToday();
    const last = readLastSearch();
    return last
      ? formValuesFromLastSearch(criteriaFromSearch(last), today)
      : defaultSearchFormValues(today, readTripType() ?? 'round-trip');
  });
  const [tab, setTab] = useState<TripTab>(values.tripType);
  const [errors, setErrors] = useState<FieldErrors>(initialErrors ?? {});
  const [navigating, setNavigating] = useState(false);
  const searching = navigating || busy;

  function update(next: SearchFormValues, ...changed: CriteriaProblem['field'][]) {
    setValues(next);
    if (changed.some((field) => errors[field])) {
      setErrors((current) =>
        Object.fromEntries(
          Object.entries(current).filter(([field]) => !changed.some((name) => name === field)),
        ),
      );
    }
  }

  function changeTripType(tripType: TripType) {
    update(withTripType(values, tripType), 'returnDate');
  }

  async function search() {
    const result = validateSearchForm(values, localToday());
    if (!result.ok) {
      setErrors(errorsByField(result.problems));
      const [first] = result.problems;
      if (first) toast({ variant: 'destructive', title: first.message });
      return;
    }
    setErrors({});
    saveTripType(result.criteria.tripType);
    setNavigating(true);
    try {
      await navigate({
        to: '/search',
        search: { ...criteriaToSearch(result.criteria), ...(sort ? { sort } : {}) },
      });
    } catch (error) {
      console.warn('Search navigation failed', error);
      toast({
        variant: 'destructive',
        title: searchMessages.searchFailed,
        description: searchMessages.searchFailedDescription,
      });
    } finally {
      setNavigating(false);
    }
  }

  function onSubmit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    void search();
  }

  const fields = (
    <SearchFields
      id={id}
      variant={variant}
      values={values}
      errors={errors}
      onChange={update}
      searching={searching}
    />
  );

  if (variant === 'compact') {
    return (
      <form noValidate onSubmit={onSubmit} aria-label="Edit search" className="grid gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor={`${id}-trip`} className="sr-only">
            Trip type
          </label>
          <select
            id={`${id}-trip`}
            value={values.tripType}
            onChange={(event) => {
              changeTripType(event.target.value === 'one-way' ? 'one-way' : 'round-trip');
            }}
            className="h-9 rounded-md border border-input bg-background px-2 text-sm font-medium text-foreground outline-none hover:bg-muted/60 focus-visible:ring-2 focus-visible:ring-ring"
          >
            <option value="round-trip">Round Trip</option>
            <option value="one-way">One Way</option>
          </select>
          <PassengerPicker
            id={`${id}-passengers`}
            size="sm"
            label="Passengers and class"
            values={values}
            cabinSelect
            agesError={errors.childrenAges ?? errors.infantsAges}
            onChange={(next) =>
              update(
                next,
                'adultsCount',
                'childrenCount',
                'infantsCount',
                'childrenAges',
                'infantsAges',
                'cabinClass',
              )
            }
          />
        </div>
        {fields}
      </form>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Flight search">
      <Tabs
        value={tab}
        onValueChange={(next) => {
          const chosen = tripTabs.find((option) => option.value === next)?.value;
          if (!chosen) return;
          setTab(chosen);
          if (chosen !== 'multi-city') changeTripType(chosen);
        }}
        className="gap-5"
      >
        <TabsList aria-label="Trip type" className="w-full sm:w-fit">
          {tripTabs.map((option) => (
            <TabsTrigger key={option.value} value={option.value} className="px-4">
              {option.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="round-trip">{fields}</TabsContent>
        <TabsContent value="one-way">{fields}</TabsContent>
        <TabsContent value="multi-city">
          <MultiCityMessage phone={phone} />
        </TabsContent>
      </Tabs>
    </form>
  );
}

function MultiCityMessage({ phone }: { phone: string }) {
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

function SearchFields({ id, variant, values, errors, onChange, searching }: SearchFieldsProps) {
  const today = localToday();
  const oneWay = values.tripType === 'one-way';
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
        {home ? (
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
        ) : null}
        {home ? null : <div className="col-span-2 flex items-end lg:col-span-1">{submit}</div>}
      </div>
      {home ? (
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
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
          {submit}
        </div>
      ) : null}
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
