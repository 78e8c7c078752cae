import { supportRequestSchema } from '@contrail/contracts/enquiries';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { useSendEnquiry } from '../api/send-enquiry';
import { helpTexts } from '../lib/help-texts';
import { applyServerFieldErrors, enquiryFailureMessage } from '../lib/server-errors';
import { EnquiryOutcomeNotice, SendButton, type EnquiryOutcome } from './enquiry-outcome';

const SERVER_FIELDS = ['fullName', 'email', 'bookingReference', 'subject', 'message'] as const;

/**
 * Support → Contact Us (spec 000 §2): Full Name, Email Address, Booking Reference, Subject and
 * Message; sends `POST /api/contact` (kind support).
 */
export function SupportContactForm({ supportEmail }: { supportEmail: string }) {
  const texts = helpTexts.form;
  const send = useSendEnquiry();
  const [outcome, setOutcome] = useState<EnquiryOutcome>(null);
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

  const onSubmit = handleSubmit((values) => {
    setOutcome(null);
    send.mutate(values, {
      onSuccess: (answer) => {
        setOutcome({ status: 'sent', reference: answer.reference });
        reset();
      },
      onError: (error) => {
        if (applyServerFieldErrors(error, setError, SERVER_FIELDS)) return;
        setOutcome({
          status: 'failed',
          message: enquiryFailureMessage(error, texts.failed(supportEmail)),
        });
      },
    });
  });

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
          <SendButton busy={send.isPending} />
        </div>
        <EnquiryOutcomeNotice outcome={outcome} />
      </div>
    </form>
  );
}
