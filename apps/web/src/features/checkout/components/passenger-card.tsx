import {
  ASSISTANCE_TYPES,
  GENDERS,
  assistanceLabels,
  countryOptions,
  genderLabels,
  passengerMessages,
  passportExpiryHint,
  phoneCountryOptions,
  titleOptions,
} from '@contrail/contracts/passengers';
import { ChevronDownIcon, TriangleAlertIcon } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { checkoutTexts } from '../lib/checkout-texts';
import {
  normalizePassportNumber,
  type PassengerField,
  type PassengerFormOutput,
  type PassengerFormValues,
  type PassengerType,
} from '../lib/passenger-form';
import { SelectField } from './select-field';

const GENDER_OPTIONS = GENDERS.map((gender) => [gender, genderLabels[gender]] as const);
const ASSISTANCE_OPTIONS = ASSISTANCE_TYPES.map((code) => [code, assistanceLabels[code]] as const);

interface PassengerCardProps {
  form: UseFormReturn<PassengerFormValues, unknown, PassengerFormOutput>;
  index: number;
  type: PassengerType;
  typeLabel: string;
  passportRequired: boolean;
  today: string;
  /** The airlines of the trip, whose frequent flyer numbers can be added: `[code, name]`. */
  airlines: readonly (readonly [string, string])[];
}

function Optional({ children }: { children: ReactNode }) {
  return (
    <>
      {children} <span className="font-normal text-muted-foreground">(optional)</span>
    </>
  );
}

/** Countries named in the browser's language, computed once per page. */
function useCountryLists() {
  return useMemo(() => {
    const locale = navigator.language || 'en';
    return { countries: countryOptions(locale), phoneCountries: phoneCountryOptions(locale) };
  }, []);
}

/**
 * One passenger: everything an airline needs, asked rather than guessed, each with the contract's
 * rule; frequent flyer and assistance behind a disclosure, as they are rare.
 */
export function PassengerCard({
  form,
  index,
  type,
  typeLabel,
  passportRequired,
  today,
  airlines,
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
  const extras = useWatch({
    control,
    name: [`passengers.${index}.frequentFlyerNumber`, `passengers.${index}.assistance`],
  });
  const hint = passportExpiryHint(expiry, today);
  const contactLabel = (label: string) => (primary ? label : <Optional>{label}</Optional>);
  const passportLabel = (label: string) =>
    passportRequired ? label : <Optional>{label}</Optional>;
  const { countries, phoneCountries } = useCountryLists();
  const extrasOpen =
    extras.some((value) => value !== '') ||
    [errors?.frequentFlyerAirline, errors?.frequentFlyerNumber, errors?.assistance].some(Boolean);

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
              label="Title"
              value={field.value}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
              triggerRef={field.ref}
              options={titleOptions(type)}
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
              label="Gender"
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
        <p className="text-sm text-muted-foreground sm:col-span-2">
          {passengerMessages.titleGenderReason}
        </p>
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
        <div className="grid content-start gap-4 sm:col-span-2 sm:grid-cols-[minmax(0,16rem)_minmax(0,1fr)]">
          <Field
            className="content-start"
            label={contactLabel('Country Code')}
            error={errors?.phoneCountry?.message}
          >
            <NativeSelect
              autoComplete={autoComplete('tel-country-code')}
              // The number is read in this country: its message follows the choice.
              {...register(name('phoneCountry'), { deps: [name('phone')] })}
            >
              <option value="">Select</option>
              {phoneCountries.map(([code, label]) => (
                <option key={code} value={code}>
                  {label}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field
            className="content-start"
            label={contactLabel('Phone Number')}
            error={errors?.phone?.message}
          >
            <Input
              type="tel"
              inputMode="tel"
              placeholder="07911 123456"
              autoComplete={autoComplete('tel')}
              {...register(name('phone'))}
            />
          </Field>
        </div>
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
                    'nationality',
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
          <div className="grid gap-4 sm:grid-cols-2">
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
            <Field
              className="content-start"
              label={passportLabel('Issuing Country')}
              error={errors?.passportIssuingCountry?.message}
            >
              <NativeSelect {...register(name('passportIssuingCountry'))}>
                <option value="">Select a country</option>
                {countries.map(([code, country]) => (
                  <option key={code} value={code}>
                    {country}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field
              className="content-start"
              label={<Optional>Nationality</Optional>}
              error={errors?.nationality?.message}
            >
              <NativeSelect {...register(name('nationality'))}>
                <option value="">Select a country</option>
                {countries.map(([code, country]) => (
                  <option key={code} value={code}>
                    {country}
                  </option>
                ))}
              </NativeSelect>
            </Field>
          </div>
        )}
      </div>

      <details
        className="group grid gap-4 border-t border-border pt-5"
        open={extrasOpen ? true : undefined}
      >
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
            <Input
              autoComplete="off"
              spellCheck={false}
              {...register(name('frequentFlyerNumber'))}
            />
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
    </fieldset>
  );
}
