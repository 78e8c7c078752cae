import {
  AIRPORT_QUERY_MIN_LENGTH,
  exactAirportMatch,
  searchAirports,
  type Airport,
} from '@contrail/contracts/airports';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { airportsQueryOptions, useAirports } from '../api/get-airports';

/**
 * The airport field's state: the text typed, whether the list is open, the highlighted
 * suggestion, and what typing, the arrow keys, Enter, Escape and leaving the field do to them.
 */
export function useAirportCombobox(value: string, onChange: (code: string) => void) {
  const [wanted, setWanted] = useState(false);
  // A preset code (results page, swap) needs the list for its label.
  const airports = useAirports(wanted || value !== '');
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(0);
  const queryClient = useQueryClient();
  // Text left in the field before the list arrived, settled once it does unless typed over.
  const leftText = useRef<string | null>(null);

  const trimmed = (query ?? '').trim();

  const results = useMemo(
    () => (airports.data && open ? searchAirports(airports.data, trimmed) : []),
    [airports.data, open, trimmed],
  );
  const chosen = useMemo(
    () => airports.data?.find((airport) => airport.iata_code === value),
    [airports.data, value],
  );
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

  return {
    airports,
    query,
    trimmed,
    chosen,
    results,
    active,
    open,
    showList,
    setActiveIndex,
    choose,
    settle,
    onFocus,
    onInput,
    onKeyDown,
  };
}
