import {
  SEARCH_TRIP_TYPES,
  type SearchRequest,
  type SearchTripType,
} from '@contrail/contracts/search-rules';
import { useId, type ReactNode, type SyntheticEvent } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useSearchForm } from '../hooks/use-search-form';
import { SLICE_FIELD_PATHS } from '../lib/multi-city-form';
import { withTripType, type SearchFormValues } from '../lib/search-form';
import type { FieldErrors, SearchField } from '../lib/field-errors';
import type { SortOption } from '../lib/search-params';
import { MultiCityFields } from './multi-city-fields';
import { PassengerPicker } from './passenger-picker';
import { SearchFields } from './search-fields';

export type { FieldErrors } from '../lib/field-errors';
export { SEARCH_BUTTON_TEXT, SEARCHING_TEXT } from './search-fields';

export const tripTypeLabels: Record<SearchTripType, string> = {
  'round-trip': 'Round Trip',
  'one-way': 'One Way',
  'multi-city': 'Multi-City',
};

/** A new trip type: every message about the trip's route and dates goes. */
const TRIP_FIELDS: SearchField[] = [
  'origin',
  'destination',
  'departureDate',
  'returnDate',
  ...SLICE_FIELD_PATHS,
];

interface FlightSearchFormProps {
  /**
   * 'home': the full form of the home and partner pages (trip tabs, class as a radio group).
   * 'compact': the results page's edit bar (trip type as a select, class in the passenger
   * popover).
   */
  variant?: 'home' | 'compact';
  /**
   * The search to edit. Without it the form starts from `initialValues`, else from the last search
   * on this device (past dates moved to today), else from the defaults (departure today, return 7
   * days later, economy, 1 adult) and the last trip type.
   */
  criteria?: SearchRequest;
  initialValues?: SearchFormValues;
  /**
   * Problems to show on the fields from the start (a link that could not be searched, a search
   * the API refused): a multi-city flight's under its path, `slices.1.departureDate`.
   */
  initialErrors?: FieldErrors;
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
  const changeTripType = (tripType: SearchTripType) =>
    update(withTripType(values, tripType), ...TRIP_FIELDS);
  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => void search(event);
  const fieldProps = {
    id,
    variant,
    values,
    errors,
    onChange: update,
    searching: navigating || busy,
    onSearch: () => void search(),
  };
  const fields =
    values.tripType === 'multi-city' ? (
      <MultiCityFields {...fieldProps} />
    ) : (
      <SearchFields {...fieldProps} />
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
      <TripTabs tab={values.tripType} onTab={changeTripType} fields={fields} />
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
  onTripType: (tripType: SearchTripType) => void;
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
          const chosen = SEARCH_TRIP_TYPES.find((tripType) => tripType === event.target.value);
          if (chosen) onTripType(chosen);
        }}
        className="h-9 rounded-md border border-input bg-background px-2 text-sm font-medium text-foreground outline-none hover:bg-muted/60 focus-visible:ring-2 focus-visible:ring-ring"
      >
        {SEARCH_TRIP_TYPES.map((tripType) => (
          <option key={tripType} value={tripType}>
            {tripTypeLabels[tripType]}
          </option>
        ))}
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

/** The home form's trip tabs: each draws the form's fields for its trip. */
function TripTabs({
  tab,
  onTab,
  fields,
}: {
  tab: SearchTripType;
  onTab: (tab: SearchTripType) => void;
  fields: ReactNode;
}) {
  return (
    <Tabs
      value={tab}
      onValueChange={(next) => {
        const chosen = SEARCH_TRIP_TYPES.find((tripType) => tripType === next);
        if (chosen) onTab(chosen);
      }}
      className="gap-5"
    >
      <TabsList aria-label="Trip type" className="w-full sm:w-fit">
        {SEARCH_TRIP_TYPES.map((tripType) => (
          <TabsTrigger key={tripType} value={tripType} className="px-4">
            {tripTypeLabels[tripType]}
          </TabsTrigger>
        ))}
      </TabsList>
      {SEARCH_TRIP_TYPES.map((tripType) => (
        <TabsContent key={tripType} value={tripType}>
          {tab === tripType ? fields : null}
        </TabsContent>
      ))}
    </Tabs>
  );
}
