import { ASSISTANCE_TYPES, assistanceLabels } from '@contrail/contracts/passenger-types';
import { ChevronDownIcon } from 'lucide-react';
import { useWatch } from 'react-hook-form';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { checkoutTexts } from '../lib/checkout-texts';
import { passengerFieldName, type PassengerSectionProps } from './passenger-fields';

const ASSISTANCE_OPTIONS = ASSISTANCE_TYPES.map((code) => [code, assistanceLabels[code]] as const);

interface ExtrasProps extends PassengerSectionProps {
  /** The airlines of the trip, whose frequent flyer numbers can be added: `[code, name]`. */
  airlines: readonly (readonly [string, string])[];
}

/** Frequent flyer and assistance, rare, behind a disclosure: open once filled or in error. */
export function PassengerExtras({ form, index, airlines }: ExtrasProps) {
  const { register, control, formState } = form;
  const errors = formState.errors.passengers?.[index];
  const name = <F extends 'frequentFlyerAirline' | 'frequentFlyerNumber' | 'assistance'>(
    field: F,
  ) => passengerFieldName(index, field);
  const extras = useWatch({
    control,
    name: [`passengers.${index}.frequentFlyerNumber`, `passengers.${index}.assistance`],
  });
  const extrasOpen =
    extras.some((value) => value !== '') ||
    [errors?.frequentFlyerAirline, errors?.frequentFlyerNumber, errors?.assistance].some(Boolean);

  return (
    <details
      className="group grid gap-4 border-t border-border pt-5"
      open={extrasOpen ? true : undefined}
    >
      <ExtrasSummary />
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <Field
          className="content-start"
          label="Frequent Flyer Airline"
          error={errors?.frequentFlyerAirline?.message}
        >
          <NativeSelect
            {...register(name('frequentFlyerAirline'), { deps: [name('frequentFlyerNumber')] })}
          >
            <option value="">None</option>
            {airlines.map(([code, airline]) => (
              <option key={code} value={code}>
                {airline}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field
          className="content-start"
          label="Frequent Flyer Number"
          error={errors?.frequentFlyerNumber?.message}
        >
          <Input autoComplete="off" spellCheck={false} {...register(name('frequentFlyerNumber'))} />
        </Field>
        <Field
          className="content-start sm:col-span-2"
          label="Assistance"
          error={errors?.assistance?.message}
          description={checkoutTexts.assistanceNote}
        >
          <NativeSelect {...register(name('assistance'))}>
            <option value="">No assistance needed</option>
            {ASSISTANCE_OPTIONS.map(([code, label]) => (
              <option key={code} value={code}>
                {label}
              </option>
            ))}
          </NativeSelect>
        </Field>
      </div>
    </details>
  );
}

function ExtrasSummary() {
  return (
    <summary className="flex cursor-pointer list-none items-center justify-between gap-2 rounded-md font-semibold outline-none focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden">
      <span>
        {checkoutTexts.extrasHeading}{' '}
        <span className="font-normal text-muted-foreground">(optional)</span>
      </span>
      <ChevronDownIcon
        className="size-4 text-muted-foreground transition-transform group-open:rotate-180"
        aria-hidden="true"
      />
    </summary>
  );
}
