import { adminLoginRequestSchema, type AdminSettings } from '@contrail/contracts/admin';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { LiveModeChangeError, useChangeLiveMode } from '../api/change-live-mode';
import { liveModeFailure, type Feedback } from '../lib/live-mode-feedback';

type PasswordForm = z.infer<typeof adminLoginRequestSchema>;

/**
 * The mode change behind the confirmation: the password form, the save, and the failure to show.
 * A wrong password is put on the field; any other failure is kept for the dialog to repeat.
 */
export function useLiveModeConfirmation(
  target: boolean | null,
  onClose: () => void,
  onChanged: (settings: AdminSettings) => void,
) {
  const change = useChangeLiveMode();
  // The toast sits outside the modal, which hides it from assistive technology while the dialog
  // is open: the failure is repeated there.
  const [failure, setFailure] = useState<Feedback | null>(null);
  const form = useForm<PasswordForm>({
    resolver: zodResolver(adminLoginRequestSchema),
    defaultValues: { password: '' },
  });
  const pending = change.isPending;

  function close() {
    if (pending) return;
    form.reset();
    change.reset();
    setFailure(null);
    onClose();
  }

  const submit = form.handleSubmit(({ password }) => {
    if (target === null) return;
    setFailure(null);
    change.mutate(
      { password, enableLiveMode: target },
      {
        onSuccess: (settings) => {
          form.reset();
          onChanged(settings);
        },
        onError: (error) => {
          const feedback = liveModeFailure(error);
          toast.error(feedback.title, { description: feedback.description });
          const cause = error instanceof LiveModeChangeError ? error.cause : error;
          if (cause instanceof ApiError && cause.code === 'invalid_password') {
            // The field says it; no second message in the dialog.
            form.setError('password', { message: cause.serverMessage }, { shouldFocus: true });
          } else {
            setFailure(feedback);
          }
        },
      },
    );
  });

  return { form, failure, pending, close, submit };
}
