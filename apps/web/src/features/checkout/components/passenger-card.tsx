import {
  GENDERS,
  ISSUING_COUNTRIES,
  TITLES,
  passportExpiryHint,
} from '@contrail/contracts/bookings';
import { TriangleAlertIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { checkoutTexts } from '../lib/checkout-texts';
import {
  normalizePassportNumber,
  type PassengerField,
  type PassengerFormOutput,
  type PassengerFormValues,
} from '../lib/passenger-form';
import { SelectField } from './select-field';

const TITLE_OPTIONS = TITLES.map(
  (title) => [title, title.charAt(0).toUpperCase() + title.slice(1)] as const,
);
const GENDER_LABELS: Record<(typeof GENDERS)[number], string> = {
  male: 'Male',
  female: 'Female',
  undisclosed: 'Prefer not to say',
};
const GENDER_OPTIONS = GENDERS.map((gender) => [gender, GENDER_LABELS[gender]] as const);

interface PassengerCardProps {
  form: UseFormReturn<PassengerFormValues, unknown, PassengerFormOutput>;
  index: number;
  typeLabel: string;
  passportRequired: boolean;
  today: string;
}

function Optional({ children }: { children: ReactNode }) {
  return (
    <>
      {children} <span className="font-normal text-muted-foreground">(optional)</span>
    </>
  );
}

/** One passenger: name, birth date, contact and passport (spec 001 §2). */
export function PassengerCard({
  form,
  index,
  typeLabel,
  passportRequired,
  today,
}: PassengerCardProps) {
  const { register, control, setValue, clearErrors, formState } = form;
  const errors = formState.errors.passengers?.[index];
  const primary = index === 0;
  const name = <F extends PassengerField>(field: F) => `passengers.${index}.${field}` as const;
  // Browsers fill the lead passenger from the traveller's own details; the others are sections.
  const autoComplete = (token: string) =>
    primary ? token : `section-passenger${index + 1} ${token}`;
  const skipPassport = useWatch({ control, name: `passengers.${index}.skipPassport` });
  const expiry = useWatch({ control, name: `passengers.${index}.passportExpiryDate` });
  const hint = passportExpiryHint(expiry, today);
  const contactLabel = (label: string) => (primary ? label : <Optional>{label}</Optional>);
  const passportLabel = (label: string) =>
    passportRequired ? label : <Optional>{label}</Optional>;

  return (
    <fieldset
      aria-label={`Passenger ${index + 1}: ${typeLabel}`}
      className="grid gap-5 rounded-xl border border-border bg-card p-5 text-card-foreground shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">
          Passenger {index + 1}
          <span className="text-muted-foreground">: </span>
          <span className="font-normal text-muted-foreground">{typeLabel}</span>
        </h2>
        {primary ? <Badge variant="secondary">{checkoutTexts.primaryContact}</Badge> : null}
      </div>

      <div className="grid gap-4 sm:grid-cols-[9rem_minmax(0,1fr)_minmax(0,1fr)]">
        <Controller
          control={control}
          name={`passengers.${index}.title`}
          render={({ field, fieldState }) => (
            <SelectField
              label={<Optional>Title</Optional>}
              value={field.value}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
              triggerRef={field.ref}
              options={TITLE_OPTIONS}
              placeholder="Select"
              error={fieldState.error?.message}
              autoComplete={autoComplete('honorific-prefix')}
            />
          )}
        />
        <Field className="content-start" label="First Name" error={errors?.firstName?.message}>
          <Input autoComplete={autoComplete('given-name')} {...register(name('firstName'))} />
        </Field>
        <Field className="content-start" label="Last Name" error={errors?.lastName?.message}>
          <Input autoComplete={autoComplete('family-name')} {...register(name('lastName'))} />
        </Field>
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <Controller
          control={control}
          name={`passengers.${index}.gender`}
          render={({ field, fieldState }) => (
            <SelectField
              label={<Optional>Gender</Optional>}
              value={field.value}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
              triggerRef={field.ref}
              options={GENDER_OPTIONS}
              placeholder="Select"
              error={fieldState.error?.message}
            />
          )}
        />
        <Field className="content-start" label="Date of Birth" error={errors?.dateOfBirth?.message}>
          <Input
            type="date"
            max={today}
            autoComplete={autoComplete('bday')}
            {...register(name('dateOfBirth'))}
          />
        </Field>
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          className="content-start"
          label={contactLabel('Email')}
          error={errors?.email?.message}
          description={primary ? checkoutTexts.primaryContactNote : undefined}
        >
          <Input type="email" autoComplete={autoComplete('email')} {...register(name('email'))} />
        </Field>
        <Field
          className="content-start"
          label={contactLabel('Phone Number')}
          error={errors?.phone?.message}
        >
          <Input
            type="tel"
            inputMode="tel"
            placeholder="+44 20 7946 0000"
            autoComplete={autoComplete('tel')}
            {...register(name('phone'))}
          />
        </Field>
      </div>

      <div className="grid gap-4 border-t border-border pt-5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="font-semibold">Passport</h3>
          {passportRequired ? null : (
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => {
                const next = !skipPassport;
                setValue(`passengers.${index}.skipPassport`, next);
                if (next) {
                  for (const field of [
                    'passportNumber',
                    'passportExpiryDate',
                    'passportIssuingCountry',
                  ] as const) {
                    setValue(`passengers.${index}.${field}`, '');
                    clearErrors(`passengers.${index}.${field}`);
                  }
                }
              }}
            >
              {skipPassport ? checkoutTexts.addPassport : checkoutTexts.skipPassport}
            </Button>
          )}
        </div>
        {!passportRequired && skipPassport ? (
          <p className="text-sm text-muted-foreground">{checkoutTexts.passportSkipped}</p>
        ) : (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <Controller
              control={control}
              name={`passengers.${index}.passportNumber`}
              render={({ field, fieldState }) => (
                <Field
                  className="content-start"
                  label={passportLabel('Passport Number')}
                  error={fieldState.error?.message}
                >
                  <Input
                    ref={field.ref}
                    name={field.name}
                    value={field.value}
                    onBlur={field.onBlur}
                    onChange={(event) =>
                      field.onChange(normalizePassportNumber(event.target.value))
                    }
                    autoComplete="off"
                    autoCapitalize="characters"
                    spellCheck={false}
                    maxLength={24}
                  />
                </Field>
              )}
            />
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
              <Input type="date" min={today} {...register(name('passportExpiryDate'))} />
            </Field>
            <Controller
              control={control}
              name={`passengers.${index}.passportIssuingCountry`}
              render={({ field, fieldState }) => (
                <SelectField
                  label={passportLabel('Issuing Country')}
                  value={field.value}
                  onValueChange={field.onChange}
                  onBlur={field.onBlur}
                  triggerRef={field.ref}
                  options={ISSUING_COUNTRIES}
                  placeholder="Select a country"
                  error={fieldState.error?.message}
                />
              )}
            />
          </div>
        )}
      </div>
    </fieldset>
  );
}
