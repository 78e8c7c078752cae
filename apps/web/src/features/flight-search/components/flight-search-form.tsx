import type { SearchCriteria, TripType } from '@contrail/contracts/flight-search';
import { useId, useState, type ReactNode, type SyntheticEvent } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useSearchForm } from '../hooks/use-search-form';
import { withTripType, type SearchFormValues } from '../lib/search-form';
import type { FieldErrors } from '../lib/search-form-resolver';
import type { SortOption } from '../lib/search-params';
import { PassengerPicker } from './passenger-picker';
import { MultiCityMessage, SearchFields } from './search-fields';

export { errorsByField, type FieldErrors } from '../lib/search-form-resolver';
export { SEARCH_BUTTON_TEXT, SEARCHING_TEXT } from './search-fields';

type TripTab = TripType | 'multi-city';
const tripTabs: { value: TripTab; label: string }[] = [
  { value: 'round-trip', label: 'Round Trip' },
  { value: 'one-way', label: 'One Way' },
  { value: 'multi-city', label: 'Multi-City' },
];

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
  const id = useId();
  const { values, errors, update, search, navigating } = useSearchForm({
    criteria,
    initialValues,
    initialErrors,
    sort,
  });
  const [tab, setTab] = useState<TripTab>(values.tripType);
  const changeTripType = (tripType: TripType) =>
    update(withTripType(values, tripType), 'returnDate');
  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => void search(event);
  const fields = (
    <SearchFields
      id={id}
      variant={variant}
      values={values}
      errors={errors}
      onChange={update}
      searching={navigating || busy}
    />
  );

  if (variant === 'compact') {
    return (
      <form noValidate onSubmit={onSubmit} aria-label="Edit search" className="grid gap-3">
        <CompactBar
          id={id}
          values={values}
          errors={errors}
          update={update}
          onTripType={changeTripType}
        />
        {fields}
      </form>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Flight search">
      <TripTabs
        tab={tab}
        onTab={(chosen) => {
          setTab(chosen);
          if (chosen !== 'multi-city') changeTripType(chosen);
        }}
        fields={fields}
        phone={phone}
      />
    </form>
  );
}

/** The results page's edit bar: trip type as a select, passengers and class in one popover. */
function CompactBar({
  id,
  values,
  errors,
  update,
  onTripType,
}: {
  id: string;
  values: SearchFormValues;
  errors: FieldErrors;
  update: ReturnType<typeof useSearchForm>['update'];
  onTripType: (tripType: TripType) => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={`${id}-trip`} className="sr-only">
        Trip type
      </label>
      <select
        id={`${id}-trip`}
        value={values.tripType}
        onChange={(event) => {
          onTripType(event.target.value === 'one-way' ? 'one-way' : 'round-trip');
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
  );
}

/** The home form's trip tabs; Multi-City is a call to the travel experts. */
function TripTabs({
  tab,
  onTab,
  fields,
  phone,
}: {
  tab: TripTab;
  onTab: (tab: TripTab) => void;
  fields: ReactNode;
  phone: string;
}) {
  return (
    <Tabs
      value={tab}
      onValueChange={(next) => {
        const chosen = tripTabs.find((option) => option.value === next)?.value;
        if (!chosen) return;
        onTab(chosen);
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
  );
}
