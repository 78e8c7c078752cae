import { adminMessages, type AdminSettings } from '@contrail/contracts/admin';
import { useLiveModeConfirmation } from '../hooks/use-live-mode-confirmation';
import { StepUpDialog } from './step-up-dialog';

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
    <StepUpDialog
      open={target !== null}
      title={text.title}
      description={text.description}
      reason={adminMessages.stepUpRequired}
      action={text.action}
      form={form}
      failure={failure}
      pending={pending}
      onClose={close}
      onSubmit={submit}
    />
  );
}
