import type { AdminSubscriber } from '@contrail/contracts/back-office';
import { Button } from '../../../components/ui/button';
import { formatDateTime } from '../lib/back-office-texts';

/** A subscriber: address, brand and consent date; one still subscribed can be unsubscribed. */
export function NewsletterSubscriber({
  subscriber: s,
  onUnsubscribe,
}: {
  subscriber: AdminSubscriber;
  onUnsubscribe: (subscriber: { id: string; email: string }) => void;
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-3 text-sm">
      <div className="grid gap-0.5">
        <span className="font-medium break-all text-foreground">{s.email}</span>
        <span className="text-muted-foreground">
          {`${s.brand.name} · subscribed ${formatDateTime(s.subscribedAt)}${s.unsubscribedAt ? ` · unsubscribed ${formatDateTime(s.unsubscribedAt)}` : ''}`}
        </span>
      </div>
      {s.unsubscribedAt ? null : (
        <Button
          variant="outline"
          size="sm"
          onClick={() => onUnsubscribe({ id: s.id, email: s.email })}
        >
          Unsubscribe
        </Button>
      )}
    </li>
  );
}
