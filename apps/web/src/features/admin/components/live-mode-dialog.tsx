import { adminMessages, type AdminSettings } from '@contrail/contracts/admin';
import { AlertCircleIcon } from 'lucide-react';
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
import { useLiveModeConfirmation } from '../hooks/use-live-mode-confirmation';
import type { Feedback } from '../lib/live-mode-feedback';

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
  const { form, failure, pending, close, submit } = useLiveModeConfirmation(
    target,
    onClose,
    onChanged,
  );
  const text = copy[target ? 'live' : 'test'];

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
          {failure ? <FailureAlert failure={failure} /> : null}
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
