import type { AdminEmail } from '@contrail/contracts/back-office';
import { Link } from '@tanstack/react-router';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import type { useResendEmail } from '../api/back-office';
import { emailKindLabels, emailStatusLabels, formatDateTime } from '../lib/back-office-texts';
import { errorText, StateBadge } from './back-office-parts';

/** One queued e-mail: its state, attempts and last error, its booking, and a failed one again. */
export function OutboxEmail({
  email,
  resend,
}: {
  email: AdminEmail;
  /** Shared by the whole list: while one e-mail is queued again, no other can be. */
  resend: ReturnType<typeof useResendEmail>;
}) {
  return (
    <li className="grid gap-1 p-3 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium text-foreground">{email.subject}</span>
        <StateBadge
          tone={email.status === 'failed' ? 'warn' : email.status === 'sent' ? 'ok' : 'muted'}
        >
          {emailStatusLabels[email.status]}
        </StateBadge>
      </div>
      <span className="break-all text-muted-foreground">
        {`${emailKindLabels[email.kind] ?? email.kind} · to ${email.recipient} · queued ${formatDateTime(email.createdAt)}${email.sentAt ? ` · sent ${formatDateTime(email.sentAt)}` : ''} · ${email.attempts} failed ${email.attempts === 1 ? 'attempt' : 'attempts'}`}
      </span>
      {email.lastError ? (
        <span className="text-destructive">{`Last error: ${email.lastError}`}</span>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {email.kind.startsWith('booking_') && email.relatedId ? (
          <Link
            to="/admin/bookings/$id"
            params={{ id: email.relatedId }}
            className="text-primary underline-offset-4 hover:underline"
          >
            View booking
          </Link>
        ) : null}
        {email.status === 'failed' ? (
          <Button
            size="sm"
            variant="outline"
            disabled={resend.isPending}
            onClick={() =>
              resend.mutate(email.id, {
                onSuccess: () => toast('E-mail queued again', { description: email.recipient }),
                onError: (error) => toast.error('Error', { description: errorText(error) }),
              })
            }
          >
            Send again
          </Button>
        ) : null}
      </div>
    </li>
  );
}
