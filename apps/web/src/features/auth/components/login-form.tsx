import { authMessages, loginRequestSchema } from '@contrail/contracts/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from '@tanstack/react-router';
import { CircleAlertIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert, AlertTitle } from '../../../components/ui/alert';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { useLogin } from '../api/login';
import { safeRedirectPath } from '../lib/auth-routing';
import { failureMessage } from '../lib/server-errors';
import { authLinkClass } from './auth-page';
import { SubmitButton } from './submit-button';

interface LoginFormProps {
  /** The `redirect` search parameter; used only if it is a path on this site. */
  redirectTo: string | undefined;
}

export function LoginForm({ redirectTo }: LoginFormProps) {
  const { register, errors, onSubmit, wait, busy } = useLoginForm(redirectTo);
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-5">
      <Field label="Username" error={errors.username?.message}>
        <Input
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          {...register('username')}
        />
      </Field>
      <div className="grid gap-2">
        <Field label="Password" error={errors.password?.message}>
          <PasswordInput autoComplete="current-password" {...register('password')} />
        </Field>
        <div className="flex justify-end">
          {/* Forgot password leads to the password reset by e-mail. */}
          <Link to="/forgot-password" className={`${authLinkClass} text-sm`}>
            Forgot password?
          </Link>
        </div>
      </div>
      {wait ? (
        <Alert variant="destructive" role="alert">
          <CircleAlertIcon aria-hidden="true" />
          <AlertTitle className="font-medium">{wait}</AlertTitle>
        </Alert>
      ) : null}
      <SubmitButton busy={busy} busyLabel="Signing in..." className="w-full">
        Sign In
      </SubmitButton>
    </form>
  );
}

export function LoginFooter() {
  return (
    <p>
      Don&apos;t have an account?{' '}
      <Link to="/register" className={authLinkClass}>
        Sign Up
      </Link>
    </p>
  );
}

/** The form's state and its submission: on success to the password change, the redirect or /. */
function useLoginForm(redirectTo: string | undefined) {
  const navigate = useNavigate();
  const signIn = useLogin();
  // A 429 says how long to wait: it stays on the form, where a toast would vanish.
  const [wait, setWait] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    resetField,
    setFocus,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { username: '', password: '' },
  });

  const onSubmit = handleSubmit((values) => {
    setWait(null);
    signIn.mutate(values, {
      onSuccess: (user) => {
        toast('Login successful');
        if (user.mustChangePassword) {
          void navigate({ to: '/account-settings', search: { tab: 'security' } });
          return;
        }
        const target = safeRedirectPath(redirectTo);
        void (target ? navigate({ href: target }) : navigate({ to: '/' }));
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 429) setWait(error.serverMessage);
        toast.error('Login failed', {
          description: failureMessage(error, authMessages.invalidCredentials),
        });
        resetField('password');
        setFocus('password');
      },
    });
  });

  return { register, errors, onSubmit, wait, busy: signIn.isPending };
}
