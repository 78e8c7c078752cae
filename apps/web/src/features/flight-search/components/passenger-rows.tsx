import { PASSENGER_AGES } from '@contrail/contracts/search-rules';
import { MinusIcon, PlusIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import {
  passengerBounds,
  passengerCount,
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

/** A stepper per age band, and under the children's and infants' their ages. */
export function PassengerRows({
  id,
  values,
  agesError,
  onChange,
}: {
  id: string;
  values: SearchFormValues;
  agesError: string | undefined;
  onChange: (values: SearchFormValues) => void;
}) {
  return rows.map((row) => (
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
  ));
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
