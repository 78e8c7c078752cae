import { changePasswordFormSchema } from '@contrail/contracts/account-forms';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { Field } from '../../../components/ui/field';
import { PasswordInput } from '../../../components/ui/password-input';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/server-field-errors';
import { useChangePassword } from '../api/change-password';
import { authKeys } from '../api/get-current-user';
import { failureMessage } from '../lib/server-errors';
import { SubmitButton } from './submit-button';

const REQUEST_FIELDS = ['currentPassword', 'newPassword'] as const;
const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

interface ChangePasswordFormProps {
  /** The session runs on a temporary password: after the change the user may go on to /. */
  temporaryPassword: boolean;
}

export function ChangePasswordForm({ temporaryPassword }: ChangePasswordFormProps) {
  const { register, errors, onSubmit, busy } = useChangePasswordForm(temporaryPassword);
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid max-w-lg gap-5">
      <Field label="Current Password" error={errors.currentPassword?.message}>
        <PasswordInput
          autoComplete="current-password"
          revealLabel="current password"
          {...register('currentPassword')}
        />
      </Field>
      <Field
        label="New Password"
        description="At least 12 characters, with an uppercase letter, a lowercase letter, a number and a special character."
        error={errors.newPassword?.message}
      >
        <PasswordInput
          autoComplete="new-password"
          revealLabel="new password"
          {...register('newPassword')}
        />
      </Field>
      <Field label="Confirm New Password" error={errors.confirmPassword?.message}>
        <PasswordInput
          autoComplete="new-password"
          revealLabel="new password confirmation"
          {...register('confirmPassword')}
        />
      </Field>
      <div>
        <SubmitButton busy={busy} busyLabel="Updating password..." className="w-full sm:w-auto">
          Update Password
        </SubmitButton>
      </div>
    </form>
  );
}

/** The form's state and its submission: a toast either way; a 401 sends the user to sign in again. */
function useChangePasswordForm(temporaryPassword: boolean) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm({
    // On submit, then on change; not on blur (see the register form).
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: EMPTY,
  });

  const onSubmit = handleSubmit(({ currentPassword, newPassword }) => {
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: (answer) => {
          toast('Settings Updated', { description: answer.message });
          reset(EMPTY);
          if (temporaryPassword) void navigate({ to: '/' });
        },
        onError: (error) => {
          toast.error('Error', { description: failureMessage(error, 'Failed to update password') });
          if (error instanceof ApiError && error.status === 401) {
            // The session ended (expired, or signed out elsewhere): sign in again, then come back.
            queryClient.setQueryData(authKeys.currentUser(), null);
            void navigate({ to: '/login', search: { redirect: '/account-settings' } });
            return;
          }
          applyServerFieldErrors(error, setError, REQUEST_FIELDS, {
            invalid_current_password: 'currentPassword',
          });
        },
      },
    );
  });

  return { register, errors, onSubmit, busy: change.isPending };
}
