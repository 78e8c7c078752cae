import { useEffect, useId, useRef, useState, type PointerEvent } from 'react';
import { ToggleGroup, ToggleGroupItem } from '../../../components/ui/toggle-group';
import { formatMinutes, formatPrice } from '../../../lib/flight-formatters';
import type { ItineraryResult } from '../lib/filter-itineraries';
import { SORT_OPTIONS, sortLabels, type SortOption } from '../lib/search-params';
import { BEST_EXPLANATION } from '../lib/sort-itineraries';

interface SortTabsProps {
  value: SortOption;
  onChange: (sort: SortOption) => void;
  /** The first itinerary under each order, for the price and time under its name. */
  leaders: Record<SortOption, ItineraryResult | undefined>;
  currency: string;
}

/** How long the pointer may take to cross from the tab to its tooltip. */
const HIDE_DELAY_MS = 150;

/**
 * The tooltip of the Best tab (WCAG 1.4.13): shown while the tab is hovered or focused, or after
 * a tap on a touch screen; it stays while the pointer is over it and Escape dismisses it. Screen
 * readers get the same text as the tab's description whether it shows or not.
 */
function useTooltip() {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [tapped, setTapped] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const hideTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const open = (hovered || focused || tapped) && !dismissed;

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setDismissed(true);
    };
    const onPointerDown = () => setTapped(false);
    document.addEventListener('keydown', onKeyDown);
    // A tap anywhere else closes a tapped tooltip (the tab's own tap stops before this).
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);
  useEffect(() => () => clearTimeout(hideTimer.current), []);

  const hover = (on: boolean) => {
    clearTimeout(hideTimer.current);
    if (on) {
      setHovered(true);
      setDismissed(false);
    } else {
      hideTimer.current = setTimeout(() => setHovered(false), HIDE_DELAY_MS);
    }
  };

  return {
    open,
    trigger: {
      onPointerEnter: (event: PointerEvent) => {
        if (event.pointerType === 'mouse') hover(true);
      },
      onPointerLeave: (event: PointerEvent) => {
        if (event.pointerType === 'mouse') hover(false);
      },
      onPointerDown: (event: PointerEvent) => {
        if (event.pointerType === 'mouse') return;
        event.nativeEvent.stopImmediatePropagation();
        setTapped((shown) => !shown);
        setDismissed(false);
      },
      onFocus: () => {
        setFocused(true);
        setDismissed(false);
      },
      onBlur: () => setFocused(false),
    },
    tooltip: {
      onPointerEnter: () => hover(true),
      onPointerLeave: () => hover(false),
    },
  };
}

/** Best / Cheapest / Fastest, each with what it would put first (as Skyscanner shows them). */
export function SortTabs({ value, onChange, leaders, currency }: SortTabsProps) {
  const tooltipId = useId();
  const tip = useTooltip();
  return (
    <div className="relative">
      <ToggleGroup
        value={value}
        aria-label="Sort by"
        onValueChange={(next) => {
          const sort = SORT_OPTIONS.find((option) => option === next);
          if (sort) onChange(sort);
        }}
        className="grid w-full grid-cols-3"
      >
        {SORT_OPTIONS.map((option) => {
          const leader = leaders[option];
          const best = option === 'best';
          return (
            <ToggleGroupItem
              key={option}
              value={option}
              className="min-w-0 px-2"
              {...(best ? { 'aria-describedby': tooltipId, ...tip.trigger } : {})}
            >
              <span>{sortLabels[option]}</span>
              {leader ? (
                <span className="truncate text-xs font-normal text-muted-foreground">
                  {formatPrice(leader.price, currency)} ·{' '}
                  {formatMinutes(leader.itinerary.totalMinutes)}
                </span>
              ) : null}
            </ToggleGroupItem>
          );
        })}
      </ToggleGroup>
      <div
        id={tooltipId}
        role="tooltip"
        hidden={!tip.open}
        {...tip.tooltip}
        className="absolute top-full left-0 z-20 mt-2 w-72 max-w-[calc(100vw-2rem)] rounded-md border border-border bg-popover px-3 py-2 text-xs text-popover-foreground shadow-md"
      >
        {BEST_EXPLANATION}
      </div>
    </div>
  );
}
