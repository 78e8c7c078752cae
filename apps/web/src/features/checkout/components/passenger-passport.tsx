import { passportExpiryHint } from '@contrail/contracts/passenger-types';
import { TriangleAlertIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { checkoutTexts } from '../lib/checkout-texts';
import { normalizePassportNumber } from '../lib/passenger-form';
import {
  Optional,
  passengerFieldName,
  type CountryList,
  type PassengerSectionProps,
} from './passenger-fields';

const PASSPORT_FIELDS = [
  'passportNumber',
  'passportExpiryDate',
  'passportIssuingCountry',
  'nationality',
] as const;

interface PassportProps extends PassengerSectionProps {
  passportRequired: boolean;
  today: string;
  countries: CountryList;
}

/** The passport: required by some trips; on the others it may be skipped, emptying its fields. */
export function PassengerPassport({
  form,
  index,
  passportRequired,
  today,
  countries,
}: PassportProps) {
  const { setValue, clearErrors, control } = form;
  const skipPassport = useWatch({ control, name: `passengers.${index}.skipPassport` });
  const toggleSkip = () => {
    const next = !skipPassport;
    setValue(`passengers.${index}.skipPassport`, next);
    if (next) {
      for (const field of PASSPORT_FIELDS) {
        setValue(`passengers.${index}.${field}`, '');
        clearErrors(`passengers.${index}.${field}`);
      }
    }
  };
  return (
    <div className="grid gap-4 border-t border-border pt-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">Passport</h3>
        {passportRequired ? null : (
          <Button type="button" variant="outline" size="sm" onClick={toggleSkip}>
            {skipPassport ? checkoutTexts.addPassport : checkoutTexts.skipPassport}
          </Button>
        )}
      </div>
      {!passportRequired && skipPassport ? (
        <p className="text-sm text-muted-foreground">{checkoutTexts.passportSkipped}</p>
      ) : (
        <PassportFields
          form={form}
          index={index}
          passportRequired={passportRequired}
          today={today}
          countries={countries}
        />
      )}
    </div>
  );
}

function PassportFields({ form, index, passportRequired, today, countries }: PassportProps) {
  const { register, control, formState } = form;
  const errors = formState.errors.passengers?.[index];
  const expiry = useWatch({ control, name: `passengers.${index}.passportExpiryDate` });
  const hint = passportExpiryHint(expiry, today);
  const passportLabel = (label: string) =>
    passportRequired ? label : <Optional>{label}</Optional>;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <PassportNumberField form={form} index={index} label={passportLabel('Passport Number')} />
      <Field
        className="content-start"
        label={passportLabel('Passport Expiry Date')}
        error={errors?.passportExpiryDate?.message}
        description={
          hint && !errors?.passportExpiryDate ? (
            <span className="inline-flex items-center gap-1.5 font-medium text-foreground">
              <TriangleAlertIcon className="size-4 text-warning" aria-hidden="true" />
              {hint}
            </span>
          ) : undefined
        }
      >
        <Input
          type="date"
          min={today}
          {...register(passengerFieldName(index, 'passportExpiryDate'))}
        />
      </Field>
      <CountryField
        form={form}
        index={index}
        field="passportIssuingCountry"
        countries={countries}
        label={passportLabel('Issuing Country')}
      />
      <CountryField
        form={form}
        index={index}
        field="nationality"
        countries={countries}
        label={<Optional>Nationality</Optional>}
      />
    </div>
  );
}

interface CountryFieldProps extends PassengerSectionProps {
  field: 'passportIssuingCountry' | 'nationality';
  label: ReactNode;
  countries: CountryList;
}

function CountryField({ form, index, field, label, countries }: CountryFieldProps) {
  const error = form.formState.errors.passengers?.[index]?.[field];
  return (
    <Field className="content-start" label={label} error={error?.message}>
      <NativeSelect {...form.register(passengerFieldName(index, field))}>
        <option value="">Select a country</option>
        {countries.map(([code, country]) => (
          <option key={code} value={code}>
            {country}
          </option>
        ))}
      </NativeSelect>
    </Field>
  );
}

/** The passport number, kept as the airline reads it: capitals, no spaces. */
function PassportNumberField({ form, index, label }: PassengerSectionProps & { label: ReactNode }) {
  return (
    <Controller
      control={form.control}
      name={`passengers.${index}.passportNumber`}
      render={({ field, fieldState }) => (
        <Field className="content-start" label={label} error={fieldState.error?.message}>
          <Input
            ref={field.ref}
            name={field.name}
            value={field.value}
            onBlur={field.onBlur}
            onChange={(event) => field.onChange(normalizePassportNumber(event.target.value))}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={24}
          />
        </Field>
      )}
    />
  );
}
