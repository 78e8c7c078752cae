import { isUnderCity, type Airport } from '@contrail/contracts/airports';
import { Building2Icon, PlaneLandingIcon, PlaneTakeoffIcon } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { useAirportCombobox } from '../hooks/use-airport-combobox';

const AIRPORT_PLACEHOLDER = 'City or airport';
const airportMessages = {
  loading: 'Loading airports...',
  error: 'Error loading airports. Please try again.',
  empty: (query: string) => `No airports found for "${query}"`,
} as const;

/** What a chosen airport shows: 'City (CODE)'. */
function airportLabel(airport: Pick<Airport, 'city_name' | 'iata_code'>): string {
  return `${airport.city_name} (${airport.iata_code})`;
}

interface AirportAutocompleteProps {
  id: string;
  /** The chosen IATA code, or ''. */
  value: string;
  onChange: (code: string) => void;
  icon: 'takeoff' | 'landing';
  /** Leaves room on the left for the swap button, which overlaps the field from sm up. */
  inset?: boolean;
  invalid?: boolean;
  describedBy?: string | undefined;
  className?: string;
}

/**
 * The From / To field: an ARIA 1.2 combobox with a list popup. Typing two characters or more
 * opens the list (ranked locally from the airport list, which is fetched the first time the field
 * gets focus); a city's "all airports" entry comes with its airports indented under it.
 * ArrowUp/ArrowDown move, Enter chooses, Escape closes the list and keeps the text typed (a
 * second Escape is left to whatever holds the field); how many suggestions there are is
 * announced as the list changes. Leaving the
 * field (Tab, a click outside) takes the highlighted suggestion, or else the place the text names
 * exactly ("JFK", "London (LHR)"), and never clears what was typed: text that names nothing stays,
 * with no code chosen, so the form asks for an airport. Choosing stores the IATA code; while not
 * typing, the field shows the chosen place as 'City (CODE)'.
 */
export function AirportAutocomplete({
  id,
  value,
  onChange,
  icon,
  inset = false,
  invalid = false,
  describedBy,
  className,
}: AirportAutocompleteProps) {
  const combobox = useAirportCombobox(value, onChange);
  const { airports, query, chosen, results, active, open, showList } = combobox;
  const listboxId = `${id}-listbox`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const display = query ?? (chosen ? airportLabel(chosen) : value);

  const Icon = icon === 'takeoff' ? PlaneTakeoffIcon : PlaneLandingIcon;

  return (
    <div className={cn('relative', className)}>
      <Icon
        className={cn(
          'pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground',
          inset && 'sm:left-6',
        )}
        aria-hidden="true"
      />
      <input
        id={id}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={showList ? listboxId : undefined}
        aria-activedescendant={showList ? optionId(active) : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        placeholder={AIRPORT_PLACEHOLDER}
        value={display}
        onFocus={combobox.onFocus}
        onBlur={() => combobox.settle(airports.data)}
        onChange={(event) => combobox.onInput(event.target.value)}
        onKeyDown={combobox.onKeyDown}
        className={cn(
          'flex h-12 w-full min-w-0 truncate rounded-md border border-input bg-background py-2 pr-3 pl-9 text-base text-foreground shadow-xs transition-colors outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30 aria-invalid:border-destructive md:text-sm',
          inset && 'sm:pl-12',
        )}
      />
      {/* A live region of its own (the list's status line below comes and goes with it). */}
      <p aria-live="polite" className="sr-only">
        {showList ? suggestionsAnnouncement(results.length) : ''}
      </p>
      {open ? (
        <AirportPopup inset={inset} combobox={combobox} listboxId={listboxId} optionId={optionId} />
      ) : null}
    </div>
  );
}

/** The popup under the field: the suggestions, or what it says when there is none to list. */
function AirportPopup({
  inset,
  combobox,
  listboxId,
  optionId,
}: {
  inset: boolean;
  combobox: ReturnType<typeof useAirportCombobox>;
  listboxId: string;
  optionId: (index: number) => string;
}) {
  const { airports, trimmed, results, active, showList } = combobox;
  return (
    <div
      // Clicks inside the popup must not blur the field (which would close it first).
      onMouseDown={(event) => event.preventDefault()}
      // On a phone the popup is exactly as wide as the field, so it can never push the page
      // wider; from sm up it may grow, towards the middle of the form for the right field.
      className={cn(
        'absolute inset-x-0 top-full z-50 mt-1 overflow-hidden rounded-lg border border-border bg-popover text-popover-foreground shadow-lg sm:w-[min(26rem,calc(100vw-2rem))] sm:min-w-full',
        inset ? 'sm:left-auto' : 'sm:right-auto',
      )}
    >
      {showList ? (
        <AirportOptions
          listboxId={listboxId}
          optionId={optionId}
          results={results}
          active={active}
          onHighlight={combobox.setActiveIndex}
          onChoose={combobox.choose}
        />
      ) : (
        <p role="status" className="px-3 py-3 text-sm text-muted-foreground">
          {airportListStatus(airports, trimmed)}
        </p>
      )}
    </div>
  );
}

/** How many suggestions the list holds, as announced while it changes. */
function suggestionsAnnouncement(count: number): string {
  return `${count} ${count === 1 ? 'suggestion' : 'suggestions'}, up and down arrows to choose`;
}

/** What the popup says when it has no suggestion to list. */
function airportListStatus(
  airports: { isError: boolean; data?: readonly Airport[] | undefined },
  trimmed: string,
): string {
  if (airports.isError) return airportMessages.error;
  return airports.data ? airportMessages.empty(trimmed) : airportMessages.loading;
}

/** The suggestions, a city's airports indented under its "all airports" entry. */
function AirportOptions({
  listboxId,
  optionId,
  results,
  active,
  onHighlight,
  onChoose,
}: {
  listboxId: string;
  optionId: (index: number) => string;
  results: readonly Airport[];
  active: number;
  onHighlight: (index: number) => void;
  onChoose: (airport: Airport) => void;
}) {
  return (
    <ul
      id={listboxId}
      role="listbox"
      aria-label="Airports"
      className="max-h-80 overflow-y-auto py-1"
    >
      {results.map((airport, index) => (
        <AirportOption
          key={airport.id}
          airport={airport}
          id={optionId(index)}
          selected={index === active}
          under={isUnderCity(airport, results)}
          onHighlight={() => {
            if (index !== active) onHighlight(index);
          }}
          onChoose={() => onChoose(airport)}
        />
      ))}
    </ul>
  );
}

/** One suggestion: a city's entry with its icon, or an airport with its city and country. */
function AirportOption({
  airport,
  id,
  selected,
  under,
  onHighlight,
  onChoose,
}: {
  airport: Airport;
  id: string;
  selected: boolean;
  under: boolean;
  onHighlight: () => void;
  onChoose: () => void;
}) {
  const city = airport.type === 'city';
  return (
    <li
      id={id}
      role="option"
      aria-selected={selected}
      onMouseMove={onHighlight}
      onClick={onChoose}
      // The highlighted suggestion is filled with the brand's strong primary,
      // 3:1 or more against the others (WCAG 1.4.11).
      className={cn(
        'group flex cursor-pointer items-center gap-3 px-3 py-2 aria-selected:bg-highlight aria-selected:text-highlight-foreground',
        under && 'pl-12',
      )}
    >
      {city ? (
        <Building2Icon
          className="size-4 shrink-0 text-muted-foreground group-aria-selected:text-highlight-foreground"
          aria-hidden="true"
        />
      ) : null}
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-medium">{airport.name}</span>
        <span className="block truncate text-xs text-muted-foreground group-aria-selected:text-highlight-foreground">
          {city ? airport.country_name : `${airport.city_name}, ${airport.country_code}`}
        </span>
      </span>
      <span className="shrink-0 rounded bg-muted px-1.5 py-0.5 font-mono text-xs font-semibold text-foreground">
        {airport.iata_code}
      </span>
    </li>
  );
}
