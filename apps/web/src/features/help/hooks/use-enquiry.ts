import { useState } from 'react';
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { applyServerFieldErrors } from '../../../lib/server-field-errors';
import { useSendEnquiry, type EnquiryBody } from '../api/send-enquiry';
import { helpTexts } from '../lib/help-texts';
import { enquiryFailureMessage } from '../lib/server-errors';
import type { EnquiryOutcome } from '../components/enquiry-outcome';

/**
 * Sends a contact or support message for a form: on success the outcome holds the reference and
 * the form is reset; the server's field messages go on the fields, anything else is the failure
 * outcome (the server's words for 4xx, else a message naming the support e-mail).
 */
export function useEnquiry<T extends FieldValues>({
  setError,
  reset,
  serverFields,
  supportEmail,
}: {
  setError: UseFormSetError<T>;
  reset: () => void;
  serverFields: readonly FieldPath<T>[];
  supportEmail: string;
}) {
  const send = useSendEnquiry();
  const [outcome, setOutcome] = useState<EnquiryOutcome>(null);

  const submit = (values: EnquiryBody) => {
    setOutcome(null);
    send.mutate(values, {
      onSuccess: (answer) => {
        setOutcome({ status: 'sent', reference: answer.reference });
        reset();
      },
      onError: (error) => {
        if (applyServerFieldErrors(error, setError, serverFields)) return;
        setOutcome({
          status: 'failed',
          message: enquiryFailureMessage(error, helpTexts.form.failed(supportEmail)),
        });
      },
    });
  };

  return { submit, outcome, busy: send.isPending };
}
