import {
  CONTACT_REASONS,
  contactReasonLabels,
  contactRequestSchema,
} from '@contrail/contracts/enquiries';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Checkbox } from '../../../components/ui/checkbox';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { RadioGroup, RadioGroupPill } from '../../../components/ui/radio-group';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { inlineLinkClass } from '../lib/help-brand';
import { helpTexts } from '../lib/help-texts';
import { useEnquiry } from '../hooks/use-enquiry';
import { EnquiryOutcomeNotice, SendButton } from './enquiry-outcome';

/**
 * The form's value types are the schema's: a reason chosen, consent given. Until the traveller
 * chooses (and after a reset) they are missing.
 */
function optional<T>(value: T): T | undefined {
  return value;
}

const SERVER_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'reason',
  'bookingReference',
  'message',
  'preferredContact',
  'consent',
] as const;

interface ContactFormProps {
  brandName: string;
  /** Offered when a message cannot be sent. */
  supportEmail: string;
}

/** The contact page's form; sends `POST /api/contact` (kind contact). */
export function ContactForm({ brandName, supportEmail }: ContactFormProps) {
  const texts = helpTexts.form;
  const ids = {
    reason: useId(),
    preferred: useId(),
    consent: useId(),
  };
  const { register, control, errors, onSubmit, enquiry } = useContactForm(supportEmail);
  return (
    <form
      noValidate
      aria-label={helpTexts.contact.formTitle}
      onSubmit={(event) => void onSubmit(event)}
      className="grid gap-5"
    >
      <div className="grid items-start gap-5 sm:grid-cols-2">
        <PersonalFields register={register} errors={errors} />
        <ReasonField control={control} id={ids.reason} error={errors.reason?.message} />
        <Field
          label={texts.bookingReference}
          description={texts.bookingReferenceHint}
          error={errors.bookingReference?.message}
        >
          <Input
            autoComplete="off"
            autoCapitalize="characters"
            autoCorrect="off"
            spellCheck={false}
            maxLength={20}
            className="font-mono uppercase"
            {...register('bookingReference')}
          />
        </Field>
      </div>
      <Field label={texts.message} description={texts.messageHint} error={errors.message?.message}>
        <Textarea rows={6} maxLength={5000} {...register('message')} />
      </Field>
      <PreferredContactField control={control} id={ids.preferred} />
      <ConsentField
        control={control}
        id={ids.consent}
        brandName={brandName}
        error={errors.consent?.message}
      />
      <div className="grid gap-4">
        <div>
          <SendButton busy={enquiry.busy} />
        </div>
        <EnquiryOutcomeNotice outcome={enquiry.outcome} />
      </div>
    </form>
  );
}

/** The form's state; sending it resets it on success. */
function useContactForm(supportEmail: string) {
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(contactRequestSchema),
    defaultValues: {
      kind: 'contact',
      firstName: '',
      lastName: '',
      email: '',
      phone: '',
      bookingReference: '',
      message: '',
      preferredContact: 'email',
    },
  });

  const enquiry = useEnquiry({ setError, reset, serverFields: SERVER_FIELDS, supportEmail });
  const onSubmit = handleSubmit(enquiry.submit);

  return { register, control, errors, onSubmit, enquiry };
}

type ContactFormControl = ReturnType<typeof useContactForm>['control'];

/** The reason for writing, from a list; its placeholder shows until one is chosen. */
function ReasonField({
  control,
  id,
  error,
}: {
  control: ContactFormControl;
  id: string;
  error: string | undefined;
}) {
  const texts = helpTexts.form;
  return (
    <Controller
      control={control}
      name="reason"
      render={({ field }) => (
        <div className="grid content-start gap-2">
          <Label htmlFor={id}>{texts.reason}</Label>
          <Select
            name={field.name}
            // '' shows the placeholder again after the form is reset.
            value={optional(field.value) ?? ''}
            onValueChange={field.onChange}
          >
            <SelectTrigger
              id={id}
              ref={field.ref}
              onBlur={field.onBlur}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            >
              <SelectValue placeholder={texts.reasonPlaceholder} />
            </SelectTrigger>
            <SelectContent>
              {CONTACT_REASONS.map((reason) => (
                <SelectItem key={reason} value={reason}>
                  {contactReasonLabels[reason]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          {error ? (
            <p id={`${id}-error`} className="text-sm font-medium text-destructive">
              {error}
            </p>
          ) : null}
        </div>
      )}
    />
  );
}

/** First and last name, e-mail and phone. */
function PersonalFields({
  register,
  errors,
}: Pick<ReturnType<typeof useContactForm>, 'register' | 'errors'>) {
  const texts = helpTexts.form;
  return (
    <>
      <Field label={texts.firstName} error={errors.firstName?.message}>
        <Input autoComplete="given-name" maxLength={100} {...register('firstName')} />
      </Field>
      <Field label={texts.lastName} error={errors.lastName?.message}>
        <Input autoComplete="family-name" maxLength={100} {...register('lastName')} />
      </Field>
      <Field label={texts.email} error={errors.email?.message}>
        <Input
          type="email"
          autoComplete="email"
          spellCheck={false}
          maxLength={254}
          {...register('email')}
        />
      </Field>
      <Field label={texts.phone} error={errors.phone?.message}>
        <Input type="tel" autoComplete="tel" maxLength={30} {...register('phone')} />
      </Field>
    </>
  );
}

/** How the traveller would like to be answered: e-mail (the default) or phone. */
function PreferredContactField({ control, id }: { control: ContactFormControl; id: string }) {
  const texts = helpTexts.form;
  return (
    <Controller
      control={control}
      name="preferredContact"
      render={({ field }) => (
        <div className="grid gap-2">
          <span id={id} className="text-sm leading-none font-medium text-foreground">
            {texts.preferredContact}
          </span>
          <RadioGroup
            aria-labelledby={id}
            name={field.name}
            value={field.value ?? 'email'}
            onValueChange={field.onChange}
            ref={field.ref}
          >
            <RadioGroupPill value="email">{texts.preferredEmail}</RadioGroupPill>
            <RadioGroupPill value="phone">{texts.preferredPhone}</RadioGroupPill>
          </RadioGroup>
        </div>
      )}
    />
  );
}

/** Consent to the privacy policy (opening in a new tab); required to send. */
function ConsentField({
  control,
  id,
  brandName,
  error,
}: {
  control: ContactFormControl;
  id: string;
  brandName: string;
  error: string | undefined;
}) {
  const texts = helpTexts.form;
  return (
    <Controller
      control={control}
      name="consent"
      render={({ field }) => (
        <div className="grid gap-2">
          <div className="flex items-start gap-3">
            <Checkbox
              id={id}
              name={field.name}
              ref={field.ref}
              checked={optional(field.value) === true}
              onCheckedChange={(checked) => {
                field.onChange(checked === true);
              }}
              onBlur={field.onBlur}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              className="mt-0.5"
            />
            <label htmlFor={id} className="text-sm leading-snug text-foreground">
              {texts.consentBefore}
              <Link to="/privacy-policy" target="_blank" className={inlineLinkClass}>
                {texts.privacyPolicy}
                <span className="sr-only"> (opens in a new tab)</span>
              </Link>
              {texts.consentAfter(brandName)}
            </label>
          </div>
          {error ? (
            <p id={`${id}-error`} className="text-sm font-medium text-destructive">
              {error}
            </p>
          ) : null}
        </div>
      )}
    />
  );
}
