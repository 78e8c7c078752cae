import { useId, useState, type ReactNode } from 'react';
import { Slider } from '../../../components/ui/slider';
import { cn } from '../../../lib/cn';
import type { TimeGroupView } from '../lib/results-view';
import {
  FULL_DAY,
  type HourRange,
  type SearchFilters,
  type TimeWindowKey,
} from '../lib/search-params';

/** The controls the filters panel is made of: a titled section, a checkbox, sliders. */

export function FilterSection({
  title,
  onClear,
  children,
}: {
  title: string;
  onClear?: (() => void) | undefined;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3 border-t border-border pt-5"
    >
      <div className="flex items-center justify-between gap-2">
        <h3 id={headingId} className="text-sm font-semibold">
          {title}
        </h3>
        {onClear ? (
          <button
            type="button"
            onClick={onClear}
            className="rounded text-xs font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
          >
            Clear<span className="sr-only"> {title.toLowerCase()} filter</span>
          </button>
        ) : null}
      </div>
      <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-2">{children}</div>
    </section>
  );
}

export function CheckboxRow({
  label,
  hint,
  icon,
  checked,
  disabled,
  onChange,
  aside,
  asideLabel,
}: {
  label: string;
  /** A line under the label, read as the checkbox's description. */
  hint?: string;
  icon?: ReactNode;
  checked: boolean;
  disabled: boolean;
  onChange: () => void;
  aside: string;
  asideLabel?: string;
}) {
  const hintId = useId();
  return (
    <label className="flex cursor-pointer items-center gap-3 text-sm has-disabled:cursor-not-allowed has-disabled:opacity-50">
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={onChange}
        aria-describedby={hint ? hintId : undefined}
        className="size-4 shrink-0 cursor-pointer rounded border-input accent-primary disabled:cursor-not-allowed"
      />
      {icon}
      {hint ? (
        <span className="min-w-0 flex-1">
          <span className="block">{label}</span>
          {/* Out of the name, read as the description instead. */}
          <span id={hintId} aria-hidden="true" className="block text-xs text-muted-foreground">
            {hint}
          </span>
        </span>
      ) : (
        // Airline names are cut to one line beside their logo; other labels wrap.
        <span className={cn('min-w-0 flex-1', icon ? 'truncate' : undefined)}>{label}</span>
      )}
      <span className="shrink-0 text-muted-foreground tabular-nums">
        {asideLabel ? (
          <>
            <span aria-hidden="true">{aside}</span>
            <span className="sr-only">{asideLabel}</span>
          </>
        ) : (
          aside
        )}
      </span>
    </label>
  );
}

function clock(hours: number): string {
  return `${String(hours).padStart(2, '0')}:00`;
}

export function TimeGroup({
  group: { title, name, departKey, arriveKey },
  filters,
  onChange,
}: {
  group: TimeGroupView;
  filters: SearchFilters;
  onChange: (filters: SearchFilters) => void;
}) {
  const set = (key: TimeWindowKey, range: HourRange) => {
    const full = range[0] === FULL_DAY[0] && range[1] === FULL_DAY[1];
    onChange({ ...filters, times: { ...filters.times, [key]: full ? undefined : range } });
  };
  return (
    <div className="grid gap-3">
      {title ? (
        <p className="text-xs font-semibold text-muted-foreground uppercase">{title}</p>
      ) : null}
      <HourRangeSlider
        label={name ? `${name} departure` : 'Departure'}
        value={filters.times[departKey] ?? FULL_DAY}
        onCommit={(range) => set(departKey, range)}
      />
      <HourRangeSlider
        label={name ? `${name} arrival` : 'Arrival'}
        value={filters.times[arriveKey] ?? FULL_DAY}
        onCommit={(range) => set(arriveKey, range)}
      />
    </div>
  );
}

/**
 * While a thumb moves, the figures follow it here; the URL changes when it is let go (or on each
 * key press), so dragging does not search history by the hundred.
 */
function HourRangeSlider({
  label,
  value,
  onCommit,
}: {
  label: string;
  value: HourRange;
  onCommit: (range: HourRange) => void;
}) {
  const [draft, setDraft] = useState<HourRange>(value);
  // The URL moved (a key press committed, Clear, Back): the thumbs follow it. The slider stays
  // mounted, so a thumb moved with the arrow keys keeps the focus for the next press.
  const [shown, setShown] = useState<HourRange>(value);
  if (shown[0] !== value[0] || shown[1] !== value[1]) {
    setShown(value);
    setDraft(value);
  }
  const labelId = useId();
  return (
    <div className="grid gap-1">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span id={labelId}>{label}</span>
        <span className="text-muted-foreground tabular-nums">
          {clock(draft[0])} – {draft[1] === 24 ? '23:59' : clock(draft[1])}
        </span>
      </div>
      <Slider
        aria-labelledby={labelId}
        min={0}
        max={24}
        step={1}
        minStepsBetweenThumbs={1}
        value={[draft[0], draft[1]]}
        thumbLabels={[`${label}: earliest`, `${label}: latest`]}
        thumbValueText={clock}
        onValueChange={([from = 0, to = 24]) => setDraft([from, to])}
        onValueCommit={([from = 0, to = 24]) => onCommit([from, to])}
      />
    </div>
  );
}

export function MaxSlider({
  label,
  min,
  max,
  step,
  value,
  describe,
  onCommit,
}: {
  label: string;
  min: number;
  max: number;
  step: number;
  value: number | undefined;
  describe: (value: number) => string;
  onCommit: (value: number | undefined) => void;
}) {
  // The top must be a step away from the bottom, or the slider could never reach "no limit".
  const top = min + Math.ceil((max - min) / step) * step;
  const position = Math.min(top, Math.max(min, value ?? top));
  const [draft, setDraft] = useState(position);
  // The URL or the range moved (a key press committed, Clear, other filters): the thumb follows.
  // The slider stays mounted, so a thumb moved with the arrow keys keeps the focus.
  const [shown, setShown] = useState(position);
  if (shown !== position) {
    setShown(position);
    setDraft(position);
  }
  return (
    <div className="grid gap-1">
      <p className="text-sm text-muted-foreground tabular-nums">{describe(draft)}</p>
      <Slider
        min={min}
        max={top}
        step={step}
        value={[draft]}
        thumbLabels={[label]}
        thumbValueText={describe}
        onValueChange={([next = top]) => setDraft(next)}
        // The top of the range means "no limit": the filter leaves the URL.
        onValueCommit={([next = top]) => onCommit(next >= max ? undefined : next)}
      />
    </div>
  );
}
