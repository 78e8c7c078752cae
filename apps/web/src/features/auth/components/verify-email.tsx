import { verificationMessages } from '@contrail/contracts/email-verification';
import { Link } from '@tanstack/react-router';
import { CircleAlertIcon, CircleCheckBigIcon, LoaderCircleIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { ApiError, type ErrorCode } from '../../../lib/api-client';
import { useResendVerification, useVerifyEmail } from '../api/verify-email';
import { failureMessage } from '../lib/server-errors';
import { authLinkClass } from './auth-page';

const INVALID = 'invalid_verification_token' satisfies ErrorCode;

/**
 * `/verify-email?token=…`, signed in (the route sends others to sign in first): confirms the
 * address once, on arrival, and says how it went.
 */
export function VerifyEmail({ token }: { token: string | undefined }) {
  const verify = useVerifyEmail();
  const sent = useRef(false);
  useEffect(() => {
    // Once, also when React runs effects twice: a link works once.
    if (!token || sent.current) return;
    sent.current = true;
    verify.mutate(token);
  }, [token, verify]);

  if (!token) return <CannotConfirm message={verificationMessages.linkInvalid} offerNewLink />;
  if (verify.isError) {
    const invalid = verify.error instanceof ApiError && verify.error.code === INVALID;
    return (
      <CannotConfirm
        message={failureMessage(verify.error, verificationMessages.linkInvalid)}
        offerNewLink={invalid}
      />
    );
  }
  if (verify.isSuccess) {
    return (
      <Alert variant="info" role="status">
        <CircleCheckBigIcon aria-hidden="true" />
        <AlertTitle>{verify.data.message}</AlertTitle>
        <AlertDescription>
          <p>Bookings made as a guest with this address are now in your trips.</p>
          <Button asChild size="sm" className="mt-3">
            <Link to="/my-trips">View My Trips</Link>
          </Button>
        </AlertDescription>
      </Alert>
    );
  }
  return (
    <p role="status" className="flex items-center justify-center gap-2 text-muted-foreground">
      <LoaderCircleIcon
        className="size-4 animate-spin motion-reduce:animate-none"
        aria-hidden="true"
      />
      Confirming your address...
    </p>
  );
}

function CannotConfirm({ message, offerNewLink }: { message: string; offerNewLink: boolean }) {
  return (
    <Alert variant="destructive" role="alert">
      <CircleAlertIcon aria-hidden="true" />
      <AlertTitle>This link cannot be used</AlertTitle>
      <AlertDescription>
        <p>{message}</p>
        {offerNewLink ? <ResendButton /> : null}
      </AlertDescription>
    </Alert>
  );
}

/** Asks for a new confirmation link; the answer (or the limit) in a toast. */
export function ResendButton({ className = 'mt-3' }: { className?: string }) {
  const resend = useResendVerification();
  return (
    <Button
      size="sm"
      variant="outline"
      className={className}
      disabled={resend.isPending}
      onClick={() =>
        resend.mutate(undefined, {
          onSuccess: ({ message }) => toast('Email sent', { description: message }),
          onError: (error) =>
            toast.error('Error', {
              description: failureMessage(error, 'Could not send the link. Please try again.'),
            }),
        })
      }
    >
      {resend.isPending ? 'Sending...' : 'Send a new link'}
    </Button>
  );
}

export function VerifyEmailFooter() {
  return (
    <p>
      Your address and its state are in{' '}
      <Link to="/account-settings" className={authLinkClass}>
        Account Settings
      </Link>
    </p>
  );
}
