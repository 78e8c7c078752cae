import {
  adminLoginRequestSchema,
  adminMessages,
  type AdminSettings,
} from '@contrail/contracts/admin';
import { zodResolver } from '@hookform/resolvers/zod';
import { AlertCircleIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { LiveModeChangeError, useChangeLiveMode } from '../api/change-live-mode';
import { liveModeFailure, type Feedback } from '../lib/live-mode-feedback';

type PasswordForm = z.infer<typeof adminLoginRequestSchema>;

interface LiveModeDialogProps {
  /** The mode to switch to; null while the dialog is closed. */
  target: boolean | null;
  onClose: () => void;
  onChanged: (settings: AdminSettings) => void;
}

const copy = {
  live: {
    title: 'Switch to live mode?',
    description:
      'Searches will use the live flight provider, bookings will issue real tickets and cards will be charged.',
    action: 'Switch to live mode',
  },
  test: {
    title: 'Switch to test mode?',
    description:
      'Searches and bookings will use the built-in sandbox: no real tickets are issued and no cards are charged.',
    action: 'Switch to test mode',
  },
} as const;

/**
 * Confirms a mode change and asks for the admin's password again (the server's step-up), then
 * saves. The dialog stays open on failure so the password can be corrected.
 */
export function LiveModeDialog({ target, onClose, onChanged }: LiveModeDialogProps) {
  const change = useChangeLiveMode();
  // The toast sits outside the modal, which hides it from assistive technology while the dialog
  // is open: the failure is repeated here.
  const [failure, setFailure] = useState<Feedback | null>(null);
  const form = useForm<PasswordForm>({
    resolver: zodResolver(adminLoginRequestSchema),
    defaultValues: { password: '' },
  });
  const text = copy[target ? 'live' : 'test'];
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

  return (
    <AlertDialog
      open={target !== null}
      onOpenChange={(open) => {
        if (!open) close();
      }}
    >
      <AlertDialogContent>
        <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-5">
          <AlertDialogHeader>
            <AlertDialogTitle>{text.title}</AlertDialogTitle>
            <AlertDialogDescription>{text.description}</AlertDialogDescription>
          </AlertDialogHeader>
          <Field
            label="Admin password"
            description={adminMessages.stepUpRequired}
            error={form.formState.errors.password?.message}
          >
            <Input
              type="password"
              autoComplete="current-password"
              autoFocus
              disabled={pending}
              {...form.register('password')}
            />
          </Field>
          {failure ? (
            <div
              role="alert"
              className="flex gap-2 rounded-md border border-destructive/50 px-3 py-2 text-sm text-foreground"
            >
              <AlertCircleIcon
                className="mt-0.5 size-4 shrink-0 text-destructive"
                aria-hidden="true"
              />
              <p>
                <span className="font-semibold">{failure.title}:</span> {failure.description}
              </p>
            </div>
          ) : null}
          <AlertDialogFooter>
            <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
            <Button type="submit" disabled={pending}>
              {pending ? 'Confirming…' : text.action}
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
