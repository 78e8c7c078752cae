import { resetPasswordFormSchema } from '@contrail/contracts/account-forms';
import { resetMessages } from '@contrail/contracts/password-reset';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { CircleAlertIcon, LoaderCircleIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { PasswordInput } from '../../../components/ui/password-input';
import { ApiError, type ErrorCode } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/server-field-errors';
import { resetTokenQueryOptions, useResetPassword } from '../api/reset-password';
import { failureMessage } from '../lib/server-errors';
import { SubmitButton } from './submit-button';

const INVALID_TOKEN = 'invalid_reset_token' satisfies ErrorCode;

/** A link that was used, has expired or never existed: say so, and offer a new one. */
function InvalidResetLink() {
  return (
    <Alert variant="destructive" role="alert">
      <CircleAlertIcon aria-hidden="true" />
      <AlertTitle>This link cannot be used</AlertTitle>
      <AlertDescription>
        <p>{resetMessages.linkInvalid}</p>
        <Button asChild size="sm" className="mt-3">
          <Link to="/forgot-password">Ask for a new link</Link>
        </Button>
      </AlertDescription>
    </Alert>
  );
}

/** `/reset-password?token=…`: checks the link, then takes the new password twice. */
export function ResetPassword({ token }: { token: string | undefined }) {
  if (!token) return <InvalidResetLink />;
  return <CheckedResetForm token={token} />;
}

function CheckedResetForm({ token }: { token: string }) {
  const check = useQuery(resetTokenQueryOptions(token));
  const [usedUp, setUsedUp] = useState(false);

  if (check.isPending) {
    return (
      <p role="status" className="flex items-center justify-center gap-2 text-muted-foreground">
        <LoaderCircleIcon
          className="size-4 animate-spin motion-reduce:animate-none"
          aria-hidden="true"
        />
        Checking your link...
      </p>
    );
  }
  // Where the check itself failed (offline), the form is shown: the reset will tell.
  if (usedUp || check.data?.valid === false) return <InvalidResetLink />;
  return <ResetPasswordForm token={token} onInvalidToken={() => setUsedUp(true)} />;
}

function ResetPasswordForm({
  token,
  onInvalidToken,
}: {
  token: string;
  onInvalidToken: () => void;
}) {
  const { register, errors, onSubmit, serverProblem, error, busy } = useResetPasswordForm(
    token,
    onInvalidToken,
  );
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-5">
      <Field
        label="New Password"
        description="At least 8 characters. Avoid common passwords."
        error={errors.password?.message}
      >
        <PasswordInput autoComplete="new-password" {...register('password')} />
      </Field>
      <Field label="Confirm New Password" error={errors.confirmPassword?.message}>
        <PasswordInput
          autoComplete="new-password"
          revealLabel="password confirmation"
          {...register('confirmPassword')}
        />
      </Field>
      {serverProblem ? (
        <Alert variant="destructive" role="alert">
          <CircleAlertIcon aria-hidden="true" />
          <AlertTitle className="font-medium">
            {failureMessage(error, 'Failed to update password')}
          </AlertTitle>
        </Alert>
      ) : null}
      <SubmitButton busy={busy} busyLabel="Saving..." className="w-full">
        Set New Password
      </SubmitButton>
    </form>
  );
}

/** The form's state and its submission: on success to sign in; a spent link is reported up. */
function useResetPasswordForm(token: string, onInvalidToken: () => void) {
  const navigate = useNavigate();
  const reset = useResetPassword();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(({ password }) => {
    reset.mutate(
      { token, password },
      {
        onSuccess: () => {
          void navigate({ to: '/login', search: { reset: 'done' } });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === INVALID_TOKEN) onInvalidToken();
          else applyServerFieldErrors(error, setError, ['password']);
        },
      },
    );
  });

  const serverProblem =
    reset.isError &&
    !(reset.error instanceof ApiError && (reset.error.fields?.password ?? '') !== '');

  return { register, errors, onSubmit, serverProblem, error: reset.error, busy: reset.isPending };
}
