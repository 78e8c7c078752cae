import { CABIN_CLASSES, cabinClassLabels } from '@contrail/contracts/search-rules';
import { Label } from '../../../components/ui/label';
import { RadioGroup, RadioGroupPill } from '../../../components/ui/radio-group';
import type { SearchFormValues } from '../lib/search-form';
import type { FieldErrors, SearchField } from '../lib/field-errors';
import { FieldShell, fieldLabelClass } from './field-shell';
import { PassengerPicker } from './passenger-picker';

/** What a group of the search form's fields is given. */
export interface FieldGroupProps {
  id: string;
  values: SearchFormValues;
  errors: FieldErrors;
  onChange: (values: SearchFormValues, ...changed: SearchField[]) => void;
}

/** The party, counts and ages, in a popover. */
export function PassengersField({ id, values, errors, onChange }: FieldGroupProps) {
  return (
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
  );
}

/** The cabin class as a row of pills. */
export function ClassField({ id, values, onChange }: FieldGroupProps) {
  return (
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
  );
}
