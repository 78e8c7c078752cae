import {
  AIRPORT_QUERY_MIN_LENGTH,
  exactAirportMatch,
  isUnderCity,
  searchAirports,
  type Airport,
} from '@contrail/contracts/airports';
import { useQueryClient } from '@tanstack/react-query';
import { Building2Icon, PlaneLandingIcon, PlaneTakeoffIcon } from 'lucide-react';
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { cn } from '../../../lib/cn';
import { airportsQueryOptions, useAirports } from '../api/get-airports';

export const AIRPORT_PLACEHOLDER = 'City or airport';
export const airportMessages = {
  loading: 'Loading airports...',
  error: 'Error loading airports. Please try again.',
  empty: (query: string) => `No airports found for "${query}"`,
} as const;

/** What a chosen airport shows: 'City (CODE)'. */
export function airportLabel(airport: Pick<Airport, 'city_name' | 'iata_code'>): string {
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
  const [wanted, setWanted] = useState(false);
  // A preset code (results page, swap) needs the list for its label.
  const airports = useAirports(wanted || value !== '');
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(0);
  const queryClient = useQueryClient();
  // Text left in the field before the list arrived, settled once it does unless typed over.
  const leftText = useRef<string | null>(null);

  const listboxId = `${id}-listbox`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const text = query ?? '';
  const trimmed = text.trim();

  const results = useMemo(
    () => (airports.data && open ? searchAirports(airports.data, trimmed) : []),
    [airports.data, open, trimmed],
  );
  const chosen = useMemo(
    () => airports.data?.find((airport) => airport.iata_code === value),
    [airports.data, value],
  );
  const display = query ?? (chosen ? airportLabel(chosen) : value);
  const active = Math.min(activeIndex, Math.max(0, results.length - 1));
  const showList = open && results.length > 0;

  function close() {
    setOpen(false);
    setQuery(null);
  }

  function choose(airport: Airport) {
    onChange(airport.iata_code);
    close();
  }

  /** Leaving the field: the highlighted or exact match, or the text as typed with no code. */
  function settle(places: readonly Airport[] | undefined) {
    if (query === null) return close();
    if (trimmed === '') {
      onChange('');
      return close();
    }
    const match =
      (showList ? results[active] : undefined) ??
      (places ? exactAirportMatch(places, trimmed) : undefined);
    if (match) return choose(match);
    setOpen(false);
    // Queries never retry by themselves: a list that failed is asked for again only when the
    // traveller comes back.
    if (places || airports.isError) {
      if (value !== '') onChange('');
      return;
    }
    const left = trimmed;
    leftText.current = left;
    void queryClient.query({ ...airportsQueryOptions(), staleTime: 'static' }).then(
      (loaded) => {
        if (leftText.current !== left) return;
        leftText.current = null;
        const match = exactAirportMatch(loaded, left);
        if (match) choose(match);
        else if (value !== '') onChange('');
      },
      () => {
        leftText.current = null;
      },
    );
  }

  function onFocus() {
    setWanted(true);
    leftText.current = null;
    // No automatic retries: a failed list is asked for again when the traveller comes back to the
    // field.
    if (airports.isError) void airports.refetch();
  }

  function onInput(next: string) {
    leftText.current = null;
    setQuery(next);
    setActiveIndex(0);
    setOpen(next.trim().length >= AIRPORT_QUERY_MIN_LENGTH);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (!open) {
          if (trimmed.length >= AIRPORT_QUERY_MIN_LENGTH) setOpen(true);
          return;
        }
        if (results.length === 0) return;
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActiveIndex((active + step + results.length) % results.length);
        return;
      }
      case 'Enter': {
        if (!open) return;
        // Choosing must not submit the form.
        event.preventDefault();
        const airport = results[active];
        if (airport) choose(airport);
        return;
      }
      case 'Escape':
        if (open) {
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
        }
        return;
      default:
        return;
    }
  }

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
        onFocus={onFocus}
        onBlur={() => settle(airports.data)}
        onChange={(event) => onInput(event.target.value)}
        onKeyDown={onKeyDown}
        className={cn(
          'flex h-12 w-full min-w-0 truncate rounded-md border border-input bg-background py-2 pr-3 pl-9 text-base text-foreground shadow-xs transition-colors outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30 aria-invalid:border-destructive md:text-sm',
          inset && 'sm:pl-12',
        )}
      />
      {/* A live region of its own (the list's status line below comes and goes with it). */}
      <p aria-live="polite" className="sr-only">
        {showList
          ? `${results.length} ${results.length === 1 ? 'suggestion' : 'suggestions'}, up and down arrows to choose`
          : ''}
      </p>
      {open ? (
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
            <ul
              id={listboxId}
              role="listbox"
              aria-label="Airports"
              className="max-h-80 overflow-y-auto py-1"
            >
              {results.map((airport, index) => {
                const city = airport.type === 'city';
                const under = isUnderCity(airport, results);
                return (
                  <li
                    key={airport.id}
                    id={optionId(index)}
                    role="option"
                    aria-selected={index === active}
                    onMouseMove={() => {
                      if (index !== active) setActiveIndex(index);
                    }}
                    onClick={() => choose(airport)}
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
                        {city
                          ? airport.country_name
                          : `${airport.city_name}, ${airport.country_code}`}
                      </span>
                    </span>
                    <span className="shrink-0 rounded bg-muted px-1.5 py-0.5 font-mono text-xs font-semibold text-foreground">
                      {airport.iata_code}
                    </span>
                  </li>
                );
              })}
            </ul>
          ) : (
            <p role="status" className="px-3 py-3 text-sm text-muted-foreground">
              {airports.isError
                ? airportMessages.error
                : airports.data
                  ? airportMessages.empty(trimmed)
                  : airportMessages.loading}
            </p>
          )}
        </div>
      ) : null}
    </div>
  );
}
