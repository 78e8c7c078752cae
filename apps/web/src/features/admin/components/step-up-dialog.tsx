import type { adminLoginRequestSchema } from '@contrail/contracts/admin';
import { AlertCircleIcon } from 'lucide-react';
import type { BaseSyntheticEvent } from 'react';
import type { UseFormReturn } from 'react-hook-form';
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
import type { Feedback } from '../lib/live-mode-feedback';

export type StepUpPasswordForm = z.infer<typeof adminLoginRequestSchema>;

interface StepUpDialogProps {
  open: boolean;
  title: string;
  description: string;
  /** Under the password field: what the password is asked again for (the server's message). */
  reason: string;
  /** The submit button's label. */
  action: string;
  form: UseFormReturn<StepUpPasswordForm>;
  /** A failure other than a wrong password (which the field shows), repeated in the dialog. */
  failure: Feedback | null;
  pending: boolean;
  onClose: () => void;
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
}

/**
 * Asks for the admin's password again before a sensitive change (the server's step-up). The
 * dialog stays open on failure so the password can be corrected; closing it changes nothing.
 */
export function StepUpDialog({
  open,
  title,
  description,
  reason,
  action,
  form,
  failure,
  pending,
  onClose,
  onSubmit,
}: StepUpDialogProps) {
  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
    >
      <AlertDialogContent>
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-5">
          <AlertDialogHeader>
            <AlertDialogTitle>{title}</AlertDialogTitle>
            <AlertDialogDescription>{description}</AlertDialogDescription>
          </AlertDialogHeader>
          <Field
            label="Admin password"
            description={reason}
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
          {failure ? <FailureAlert failure={failure} /> : null}
          <AlertDialogFooter>
            <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
            <Button type="submit" disabled={pending}>
              {pending ? 'Confirming…' : action}
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** The failure repeated inside the dialog, where assistive technology can reach it. */
function FailureAlert({ failure }: { failure: Feedback }) {
  return (
    <div
      role="alert"
      className="flex gap-2 rounded-md border border-destructive/50 px-3 py-2 text-sm text-foreground"
    >
      <AlertCircleIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
      <p>
        <span className="font-semibold">{failure.title}:</span> {failure.description}
      </p>
    </div>
  );
}
