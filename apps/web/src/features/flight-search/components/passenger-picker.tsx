import {
  cabinClassLabels,
  CABIN_CLASSES,
  PASSENGER_AGES,
  type CabinClass,
} from '@contrail/contracts/flight-search';
import { ChevronDownIcon, MinusIcon, PlusIcon, UsersIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import {
  passengerBounds,
  passengerCount,
  passengerSummary,
  withPassengerAge,
  withPassengerCount,
  type PassengerKind,
  type SearchFormValues,
} from '../lib/search-form';

const rows: { kind: PassengerKind; label: string; hint: string; one: string }[] = [
  { kind: 'adults', label: 'Adults', hint: 'Age 12+', one: 'adult' },
  { kind: 'children', label: 'Children 2-11', hint: 'Age 2-11', one: 'child' },
  { kind: 'infants', label: 'Infants (under 2)', hint: 'On an adult’s lap', one: 'infant' },
];

interface PassengerPickerProps {
  id: string;
  size?: 'default' | 'sm';
  /** Which edge of the trigger the panel lines up with from large screens up. */
  align?: 'start' | 'end';
  /** An accessible name for a trigger without a visible label. */
  label?: string;
  values: SearchFormValues;
  onChange: (values: SearchFormValues) => void;
  /** The compact variant also picks the cabin here. */
  cabinSelect?: boolean;
  /** The form's message about the children's or infants' ages, shown by the age choices. */
  agesError?: string;
  className?: string;
}

/** The ages a child or an infant may be given, as the age choices list them. */
const ageChoices = {
  children: Array.from(
    { length: PASSENGER_AGES.children.max - PASSENGER_AGES.children.min + 1 },
    (_, i) => PASSENGER_AGES.children.min + i,
  ),
  infants: Array.from(
    { length: PASSENGER_AGES.infants.max - PASSENGER_AGES.infants.min + 1 },
    (_, i) => PASSENGER_AGES.infants.min + i,
  ),
} as const;

function ageLabel(age: number): string {
  if (age === 0) return 'Under 1';
  return age === 1 ? '1 year' : `${age} years`;
}

/**
 * The passenger popover: a stepper per age band, clamped to the passenger limits (adults 1-9,
 * children 0-9, infants 0-5). A disclosure with a non-modal panel rather than a positioned popover:
 * the home page's form stays light (no positioning or scroll-lock code), and the panel simply opens
 * under its button. Escape, 'Done', a click outside or leaving it with Tab closes it.
 */
export function PassengerPicker({
  id,
  size = 'default',
  align = 'start',
  label,
  values,
  onChange,
  cabinSelect = false,
  agesError,
  className,
}: PassengerPickerProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const panelId = `${id}-panel`;
  const summary = passengerSummary(values);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !root.current?.contains(event.target)) setOpen(false);
    };
    // Escape closes it wherever focus went (a stepper that just reached its limit drops focus).
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      setOpen(false);
      trigger.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  function close() {
    setOpen(false);
    trigger.current?.focus();
  }

  return (
    <div
      ref={root}
      className={cn('relative', size === 'sm' ? 'max-w-full' : 'w-full')}
      onBlur={(event) => {
        const next = event.relatedTarget;
        if (open && next instanceof Node && !root.current?.contains(next)) setOpen(false);
      }}
    >
      <button
        ref={trigger}
        id={id}
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={
          label
            ? `${label}: ${summary}${cabinSelect ? `, ${cabinClassLabels[values.cabinClass]}` : ''}`
            : undefined
        }
        onClick={() => setOpen((current) => !current)}
        className={cn(
          'flex min-w-0 items-center gap-2 rounded-md border border-input bg-background px-3 text-left text-foreground transition-colors outline-none hover:bg-muted/60 focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30',
          size === 'sm'
            ? 'h-9 w-auto max-w-full text-sm font-medium'
            : 'h-12 w-full text-base shadow-xs md:text-sm',
          className,
        )}
      >
        <UsersIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        <span className="min-w-0 flex-1 truncate">
          {summary}
          {cabinSelect ? (
            <span className="text-muted-foreground">, {cabinClassLabels[values.cabinClass]}</span>
          ) : null}
        </span>
        <ChevronDownIcon
          className={cn(
            'size-4 shrink-0 text-muted-foreground transition-transform',
            open && 'rotate-180',
          )}
          aria-hidden="true"
        />
      </button>
      {open ? (
        <div
          id={panelId}
          role="dialog"
          aria-label="Passengers"
          className={cn(
            'absolute top-full left-0 z-50 mt-1.5 w-80 max-w-[calc(100vw-2rem)] rounded-lg border border-border bg-popover p-4 text-popover-foreground shadow-lg data-[state=open]:animate-fade-in',
            align === 'end' && 'lg:right-0 lg:left-auto',
          )}
          data-state="open"
        >
          <div className="grid gap-4">
            {rows.map((row) => (
              <div key={row.kind} className="grid gap-2">
                <Stepper
                  label={row.label}
                  hint={row.hint}
                  one={row.one}
                  value={passengerCount(values, row.kind)}
                  bounds={passengerBounds(values, row.kind)}
                  onChange={(count) => onChange(withPassengerCount(values, row.kind, count))}
                />
                {row.kind === 'adults' ? null : (
                  <AgeChoices
                    id={`${id}-${row.kind}`}
                    one={row.one}
                    ages={row.kind === 'children' ? values.childrenAges : values.infantsAges}
                    choices={ageChoices[row.kind]}
                    error={agesError}
                    onChange={(index, age) =>
                      onChange(
                        withPassengerAge(
                          values,
                          row.kind === 'children' ? 'children' : 'infants',
                          index,
                          age,
                        ),
                      )
                    }
                  />
                )}
              </div>
            ))}
            {agesError ? (
              <p role="alert" className="text-sm text-destructive">
                {agesError}
              </p>
            ) : null}
            {cabinSelect ? (
              <CabinSelect
                value={values.cabinClass}
                onChange={(cabinClass) => onChange({ ...values, cabinClass })}
              />
            ) : null}
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="justify-self-end"
              onClick={close}
            >
              Done
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}

function Stepper({
  label,
  hint,
  one,
  value,
  bounds,
  onChange,
}: {
  label: string;
  hint: string;
  one: string;
  value: number;
  bounds: { min: number; max: number };
  onChange: (value: number) => void;
}) {
  const labelId = useId();
  return (
    <div role="group" aria-labelledby={labelId} className="flex items-center justify-between gap-3">
      <div>
        <p id={labelId} className="text-sm font-medium">
          {label}
        </p>
        <p className="text-xs text-muted-foreground">{hint}</p>
      </div>
      <div className="flex items-center gap-3">
        <StepButton
          label={`Remove one ${one}`}
          disabled={value <= bounds.min}
          onClick={() => onChange(value - 1)}
        >
          <MinusIcon aria-hidden="true" />
        </StepButton>
        <output aria-live="polite" className="w-5 text-center text-sm font-semibold tabular-nums">
          {value}
        </output>
        <StepButton
          label={`Add one ${one}`}
          disabled={value >= bounds.max}
          onClick={() => onChange(value + 1)}
        >
          <PlusIcon aria-hidden="true" />
        </StepButton>
      </div>
    </div>
  );
}

/**
 * One age choice per child or infant (airlines price and check by the age on the date of travel,
 * so the search asks it, as Skyscanner and Kayak do). A blank choice is flagged when the form
 * has said ages are missing.
 */
function AgeChoices({
  id,
  one,
  ages,
  choices,
  error,
  onChange,
}: {
  id: string;
  one: string;
  ages: readonly (number | null)[];
  choices: readonly number[];
  error: string | undefined;
  onChange: (index: number, age: number | null) => void;
}) {
  if (ages.length === 0) return null;
  return (
    <div className="grid grid-cols-2 gap-2">
      {ages.map((age, index) => {
        const selectId = `${id}-age-${index}`;
        return (
          <div key={selectId} className="grid gap-1">
            <label htmlFor={selectId} className="text-xs text-muted-foreground">
              {`Age of ${one} ${index + 1}`}
            </label>
            <select
              id={selectId}
              value={age === null ? '' : String(age)}
              aria-invalid={error && age === null ? true : undefined}
              onChange={(event) => {
                const value = event.target.value;
                onChange(index, value === '' ? null : Number(value));
              }}
              className="h-9 rounded-md border border-input bg-background px-2 text-sm text-foreground outline-none focus-visible:ring-2 focus-visible:ring-ring aria-invalid:border-destructive"
            >
              <option value="">Age</option>
              {choices.map((choice) => (
                <option key={choice} value={choice}>
                  {ageLabel(choice)}
                </option>
              ))}
            </select>
          </div>
        );
      })}
    </div>
  );
}

/**
 * A count's − or + button. At the count's limit it says so (aria-disabled) rather than being
 * disabled: a disabled button would drop the focus that just pressed it to the page (WCAG 2.4.3).
 */
function StepButton({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-disabled={disabled || undefined}
      onClick={() => {
        if (!disabled) onClick();
      }}
      className="inline-flex size-8 items-center justify-center rounded-full border border-input text-foreground transition-colors outline-none not-aria-disabled:hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring aria-disabled:cursor-not-allowed aria-disabled:opacity-40"
    >
      {children}
    </button>
  );
}

export function CabinSelect({
  id,
  value,
  onChange,
}: {
  id?: string;
  value: CabinClass;
  onChange: (value: CabinClass) => void;
}) {
  const generated = useId();
  const selectId = id ?? generated;
  return (
    <div className="grid gap-1.5">
      <label htmlFor={selectId} className="text-sm font-medium">
        Class
      </label>
      <select
        id={selectId}
        value={value}
        onChange={(event) => {
          const next = CABIN_CLASSES.find((cabin) => cabin === event.target.value);
          if (next) onChange(next);
        }}
        className="h-10 rounded-md border border-input bg-background px-3 text-sm text-foreground outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {CABIN_CLASSES.map((cabin) => (
          <option key={cabin} value={cabin}>
            {cabinClassLabels[cabin]}
          </option>
        ))}
      </select>
    </div>
  );
}
