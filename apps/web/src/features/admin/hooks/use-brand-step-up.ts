import { adminLoginRequestSchema } from '@contrail/contracts/admin';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client';
import { confirmAdminPassword } from '../api/change-live-mode';
import type { SaveBrandVariables } from '../api/save-brand';
import type { StepUpPasswordForm } from '../components/step-up-dialog';
import { passwordStepFailure, type Feedback } from '../lib/live-mode-feedback';

/**
 * A save the server refused until the password is confirmed again: a new brand, or a change to
 * a brand's markup, currency, domain or contact e-mail.
 */
export function isStepUpRequired(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'step_up_required';
}

/**
 * The password step of a brand save the server refused for want of a recent step-up: the refused
 * save is kept while the dialog is open; once the password is confirmed (`POST /api/admin/login`)
 * it is sent again through `retry`. A wrong password is put on the field; any other failure is
 * shown in the dialog. Closing the dialog drops the save and leaves the form as it was typed.
 */
export function useBrandStepUp(retry: (variables: SaveBrandVariables) => void) {
  const [refused, setRefused] = useState<SaveBrandVariables | null>(null);
  // Kept apart from `refused` so that the dialog's text does not change while it closes.
  const [isNew, setIsNew] = useState(false);
  const [failure, setFailure] = useState<Feedback | null>(null);
  const confirm = useMutation({ mutationFn: confirmAdminPassword });
  const form = useForm<StepUpPasswordForm>({
    resolver: zodResolver(adminLoginRequestSchema),
    defaultValues: { password: '' },
  });
  const pending = confirm.isPending;

  function close() {
    if (pending) return;
    form.reset();
    confirm.reset();
    setFailure(null);
    setRefused(null);
  }

  const submit = form.handleSubmit(({ password }) => {
    if (refused === null) return;
    setFailure(null);
    confirm.mutate(password, {
      onSuccess: () => {
        form.reset();
        confirm.reset();
        setRefused(null);
        retry(refused);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'invalid_password') {
          form.setError('password', { message: error.serverMessage }, { shouldFocus: true });
        } else {
          setFailure(passwordStepFailure(error));
        }
      },
    });
  });

  return {
    /** Opens the dialog for a save the server refused with `step_up_required`. */
    ask(variables: SaveBrandVariables) {
      setRefused(variables);
      setIsNew(variables.id === undefined);
    },
    open: refused !== null,
    isNew,
    form,
    failure,
    pending,
    close,
    submit,
  };
}

export type BrandStepUp = ReturnType<typeof useBrandStepUp>;
