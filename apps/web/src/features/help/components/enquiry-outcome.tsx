import { enquiryMessages } from '@contrail/contracts/enquiries';
import { CircleAlertIcon, CircleCheckIcon, LoaderCircleIcon, SendIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Alert, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { helpTexts } from '../lib/help-texts';

/** How the last submission of a message form ended. */
export type EnquiryOutcome =
  { status: 'sent'; reference: string } | { status: 'failed'; message: string } | null;

// The alert's own description is muted; on the tinted alerts full-strength text keeps AA contrast
// with every brand.
const descriptionClass = 'col-start-2 text-sm text-foreground';

/**
 * The answer to the last submission: the contract's thank-you with the reference, or why not.
 * The thank-you takes the focus (the form it replaces has just been emptied), so it is read out
 * and scrolled into view; a failure is an alert.
 */
export function EnquiryOutcomeNotice({ outcome }: { outcome: EnquiryOutcome }) {
  const sentRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (outcome?.status === 'sent') sentRef.current?.focus();
  }, [outcome]);

  if (outcome === null) return null;
  if (outcome.status === 'sent') {
    return (
      <Alert ref={sentRef} tabIndex={-1} variant="info" className="outline-none">
        <CircleCheckIcon aria-hidden="true" />
        <AlertTitle>{helpTexts.form.sentTitle}</AlertTitle>
        <div className={descriptionClass}>
          <p>{enquiryMessages.contactReceived}</p>
          <p className="mt-1">{helpTexts.form.reference(outcome.reference)}</p>
        </div>
      </Alert>
    );
  }
  return (
    <Alert variant="destructive" role="alert">
      <CircleAlertIcon aria-hidden="true" />
      <AlertTitle>{helpTexts.form.failedTitle}</AlertTitle>
      <p className={descriptionClass}>{outcome.message}</p>
    </Alert>
  );
}

/** A message form's submit button; disabled with a spinner while sending (no double submits). */
export function SendButton({ busy }: { busy: boolean }) {
  return (
    <Button type="submit" size="lg" disabled={busy} className="w-full sm:w-auto">
      {busy ? (
        <>
          <LoaderCircleIcon
            className="animate-spin motion-reduce:animate-none"
            aria-hidden="true"
          />
          {helpTexts.form.sending}
        </>
      ) : (
        <>
          <SendIcon aria-hidden="true" />
          {helpTexts.form.send}
        </>
      )}
    </Button>
  );
}
