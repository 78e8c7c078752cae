import { supportRequestSchema } from '@contrail/contracts/enquiries';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { helpTexts } from '../lib/help-texts';
import { useEnquiry } from '../hooks/use-enquiry';
import { EnquiryOutcomeNotice, SendButton } from './enquiry-outcome';

const SERVER_FIELDS = ['fullName', 'email', 'bookingReference', 'subject', 'message'] as const;

/**
 * Support → Contact Us: Full Name, Email Address, Booking Reference, Subject and Message; sends
 * `POST /api/contact` (kind support).
 */
export function SupportContactForm({ supportEmail }: { supportEmail: string }) {
  const texts = helpTexts.form;
  const { register, errors, onSubmit, enquiry } = useSupportContactForm(supportEmail);
  return (
    <form
      noValidate
      aria-label={helpTexts.support.contactTitle}
      onSubmit={(event) => void onSubmit(event)}
      className="grid gap-5"
    >
      <div className="grid items-start gap-5 sm:grid-cols-2">
        <Field label={texts.fullName} error={errors.fullName?.message}>
          <Input autoComplete="name" maxLength={200} {...register('fullName')} />
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
      </div>
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
      <Field label={texts.subject} error={errors.subject?.message}>
        <Input maxLength={200} {...register('subject')} />
      </Field>
      <Field label={texts.message} description={texts.messageHint} error={errors.message?.message}>
        <Textarea rows={6} maxLength={5000} {...register('message')} />
      </Field>
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
function useSupportContactForm(supportEmail: string) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(supportRequestSchema),
    defaultValues: {
      kind: 'support',
      fullName: '',
      email: '',
      bookingReference: '',
      subject: '',
      message: '',
    },
  });

  const enquiry = useEnquiry({ setError, reset, serverFields: SERVER_FIELDS, supportEmail });
  const onSubmit = handleSubmit(enquiry.submit);

  return { register, errors, onSubmit, enquiry };
}
