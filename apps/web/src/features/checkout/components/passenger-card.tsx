import { passengerMessages } from '@contrail/contracts/passenger-messages';
import { GENDERS, genderLabels, titleOptions } from '@contrail/contracts/passenger-types';
import { Controller } from 'react-hook-form';
import { Badge } from '../../../components/ui/badge';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { checkoutTexts } from '../lib/checkout-texts';
import type { PassengerField, PassengerType } from '../lib/passenger-form';
import { PassengerExtras } from './passenger-extras';
import {
  Optional,
  passengerAutoComplete,
  passengerFieldName,
  useCountryLists,
  type CountryList,
  type PassengerForm,
  type PassengerSectionProps,
} from './passenger-fields';
import { PassengerPassport } from './passenger-passport';
import { SelectField } from './select-field';

const GENDER_OPTIONS = GENDERS.map((gender) => [gender, genderLabels[gender]] as const);

interface PassengerCardProps {
  form: PassengerForm;
  index: number;
  type: PassengerType;
  typeLabel: string;
  passportRequired: boolean;
  today: string;
  /** The airlines of the trip, whose frequent flyer numbers can be added: `[code, name]`. */
  airlines: readonly (readonly [string, string])[];
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
  const primary = index === 0;
  const { countries, phoneCountries } = useCountryLists();
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
      <NameFields form={form} index={index} type={type} />
      <GenderFields form={form} index={index} today={today} />
      <ContactFields form={form} index={index} phoneCountries={phoneCountries} />
      <PassengerPassport
        form={form}
        index={index}
        passportRequired={passportRequired}
        today={today}
        countries={countries}
      />
      <PassengerExtras form={form} index={index} airlines={airlines} />
    </fieldset>
  );
}

function NameFields({ form, index, type }: PassengerSectionProps & { type: PassengerType }) {
  const { register, control, formState } = form;
  const errors = formState.errors.passengers?.[index];
  const autoComplete = (token: string) => passengerAutoComplete(index, token);
  return (
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
        <Input
          autoComplete={autoComplete('given-name')}
          {...register(passengerFieldName(index, 'firstName'))}
        />
      </Field>
      <Field className="content-start" label="Last Name" error={errors?.lastName?.message}>
        <Input
          autoComplete={autoComplete('family-name')}
          {...register(passengerFieldName(index, 'lastName'))}
        />
      </Field>
    </div>
  );
}

function GenderFields({ form, index, today }: PassengerSectionProps & { today: string }) {
  const { register, control, formState } = form;
  const errors = formState.errors.passengers?.[index];
  return (
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
          autoComplete={passengerAutoComplete(index, 'bday')}
          {...register(passengerFieldName(index, 'dateOfBirth'))}
        />
      </Field>
      <p className="text-sm text-muted-foreground sm:col-span-2">
        {passengerMessages.titleGenderReason}
      </p>
    </div>
  );
}

/** Email and phone: required of the lead passenger, the booking's contact; optional for others. */
interface ContactFieldsProps extends PassengerSectionProps {
  phoneCountries: CountryList;
}

function ContactFields({ form, index, phoneCountries }: ContactFieldsProps) {
  const { register, formState } = form;
  const errors = formState.errors.passengers?.[index];
  const primary = index === 0;
  const name = <F extends PassengerField>(field: F) => passengerFieldName(index, field);
  const autoComplete = (token: string) => passengerAutoComplete(index, token);
  const contactLabel = (label: string) => (primary ? label : <Optional>{label}</Optional>);
  return (
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
  );
}
