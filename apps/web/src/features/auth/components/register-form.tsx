import { registerFormSchema } from '@contrail/contracts/account-forms';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from '@tanstack/react-router';
import { Controller, useForm } from 'react-hook-form';
import { Checkbox } from '../../../components/ui/checkbox';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { toast } from '../../../components/ui/toast';
import { applyServerFieldErrors } from '../../../lib/server-field-errors';
import { useRegister } from '../api/register';
import { failureMessage } from '../lib/server-errors';
import { authLinkClass } from './auth-page';
import { SubmitButton } from './submit-button';

const REQUEST_FIELDS = ['firstName', 'lastName', 'email', 'username', 'password'] as const;

export function RegisterForm() {
  const { register, control, errors, onSubmit, busy } = useRegisterForm();
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="First Name" error={errors.firstName?.message}>
          <Input autoComplete="given-name" {...register('firstName')} />
        </Field>
        <Field label="Last Name" error={errors.lastName?.message}>
          <Input autoComplete="family-name" {...register('lastName')} />
        </Field>
      </div>
      <Field label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" spellCheck={false} {...register('email')} />
      </Field>
      <Field label="Username" error={errors.username?.message}>
        <Input
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          {...register('username')}
        />
      </Field>
      <Field
        label="Password"
        description="At least 8 characters. Avoid common passwords."
        error={errors.password?.message}
      >
        <PasswordInput autoComplete="new-password" {...register('password')} />
      </Field>
      <Field label="Confirm Password" error={errors.confirmPassword?.message}>
        <PasswordInput
          autoComplete="new-password"
          revealLabel="password confirmation"
          {...register('confirmPassword')}
        />
      </Field>
      <AcceptTermsField control={control} />
      <SubmitButton busy={busy} busyLabel="Creating account..." className="w-full">
        Create Account
      </SubmitButton>
    </form>
  );
}

export function RegisterFooter() {
  return (
    <p>
      Already have an account?{' '}
      <Link to="/login" className={authLinkClass}>
        Sign In
      </Link>
    </p>
  );
}

/** The form's state and its submission: on success to sign in; a taken username marked on its field. */
function useRegisterForm() {
  const navigate = useNavigate();
  const createAccount = useRegister();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    // Validates on submit, then on every change; never on blur: a message appearing on blur
    // moves the submit button away from the pointer that is pressing it.
    resolver: zodResolver(registerFormSchema),
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      username: '',
      password: '',
      confirmPassword: '',
      acceptTerms: false,
    },
  });

  const onSubmit = handleSubmit((values) => {
    const body = {
      username: values.username,
      email: values.email,
      firstName: values.firstName,
      lastName: values.lastName,
      password: values.password,
    };
    createAccount.mutate(body, {
      onSuccess: ({ message }) => {
        // The same words whether or not the address had an account: the e-mail says which.
        toast('Registration successful', { description: message });
        void navigate({ to: '/login' });
      },
      onError: (error) => {
        applyServerFieldErrors(error, setError, REQUEST_FIELDS, { username_taken: 'username' });
        toast.error('Registration failed', {
          description: failureMessage(error, 'Failed to create account'),
        });
      },
    });
  });

  return { register, control, errors, onSubmit, busy: createAccount.isPending };
}

/** The terms and privacy policy, each opening in a new tab; required to register. */
function AcceptTermsField({ control }: { control: ReturnType<typeof useRegisterForm>['control'] }) {
  return (
    <Controller
      control={control}
      name="acceptTerms"
      render={({ field }) => (
        <div className="flex items-start gap-3">
          <Checkbox
            id="register-accept-terms"
            name={field.name}
            ref={field.ref}
            checked={field.value === true}
            onCheckedChange={(checked) => {
              field.onChange(checked === true);
            }}
            onBlur={field.onBlur}
            className="mt-0.5"
          />
          <label htmlFor="register-accept-terms" className="text-sm leading-snug text-foreground">
            I agree to the{' '}
            <Link to="/terms" target="_blank" className={authLinkClass}>
              Terms of Service
            </Link>{' '}
            and{' '}
            <Link to="/privacy" target="_blank" className={authLinkClass}>
              Privacy Policy
            </Link>
          </label>
        </div>
      )}
    />
  );
}
