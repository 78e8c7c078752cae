import { forgotPasswordRequestSchema, resetMessages } from '@contrail/contracts/password-reset';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@tanstack/react-router';
import { CircleAlertIcon, MailCheckIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { useRequestPasswordReset } from '../api/forgot-password';
import { failureMessage } from '../lib/server-errors';
import { authLinkClass } from './auth-page';
import { SubmitButton } from './submit-button';

const SOMETHING_WENT_WRONG = 'Something went wrong. Please try again.';

/**
 * `/forgot-password`: asks for the account's e-mail address. The answer never says whether an
 * account exists, so the confirmation is the same for any address.
 */
export function ForgotPasswordForm() {
  const request = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(forgotPasswordRequestSchema),
    defaultValues: { email: '' },
  });

  if (request.isSuccess) {
    return (
      <div className="grid gap-4">
        <Alert variant="info">
          <MailCheckIcon aria-hidden="true" />
          <AlertTitle>Check your email</AlertTitle>
          <AlertDescription>{request.data.message}</AlertDescription>
        </Alert>
        <p className="text-sm text-muted-foreground">
          Nothing after a few minutes? Check your spam folder, or{' '}
          <button
            type="button"
            className={authLinkClass}
            onClick={() => {
              request.reset();
            }}
          >
            ask again
          </button>
          .
        </p>
      </div>
    );
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit((values) => request.mutate(values))(event)}
      className="grid gap-5"
    >
      <Field label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" spellCheck={false} {...register('email')} />
      </Field>
      {request.isError ? (
        <Alert variant="destructive" role="alert">
          <CircleAlertIcon aria-hidden="true" />
          <AlertTitle className="font-medium">
            {failureMessage(request.error, SOMETHING_WENT_WRONG)}
          </AlertTitle>
        </Alert>
      ) : null}
      <SubmitButton busy={request.isPending} busyLabel="Sending..." className="w-full">
        Send Reset Link
      </SubmitButton>
    </form>
  );
}

export function ForgotPasswordFooter() {
  return (
    <p>
      Remembered it?{' '}
      <Link to="/login" className={authLinkClass}>
        Sign In
      </Link>
    </p>
  );
}

/** The notice a reset ends on (`/login?reset=done`). */
export function PasswordResetNotice() {
  return (
    <Alert variant="info" className="mb-5">
      <MailCheckIcon aria-hidden="true" />
      <AlertTitle>{resetMessages.passwordReset}</AlertTitle>
    </Alert>
  );
}
