import { offerMessages } from '@contrail/contracts/offers';
import { ClockIcon, TriangleAlertIcon } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { ApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useOfferVerification } from '../../../lib/offers-api';
import { minutesRemaining, offerTexts } from '../lib/offer-summary';

const TICK_MS = 15_000;

/** Now, refreshed every few seconds while `active` (for a countdown in whole minutes). */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

/**
 * Whether the offer can no longer be booked: its expiry has passed (to the second, whatever the
 * tab was doing) or the verification says it has gone.
 */
export function useOfferExpired(offerId: string, expiresAt: string): boolean {
  const verification = useOfferVerification(offerId, true);
  const end = Date.parse(verification.data?.expires_at ?? expiresAt);
  const [now, setNow] = useState(() => Date.now());
  const passed = now >= end;
  useEffect(() => {
    if (Number.isNaN(end) || passed) return;
    // Wake at the expiry (setTimeout keeps at most about 24 days; offers hold for minutes).
    const timer = setTimeout(() => setNow(Date.now()), Math.min(end - now, 2_000_000_000));
    return () => clearTimeout(timer);
  }, [end, now, passed]);
  const gone =
    verification.error instanceof ApiError &&
    (verification.error.status === 410 || verification.error.status === 404);
  return passed || gone;
}

/**
 * The Flight Offer Expiration notice: offers expire about 30 minutes after the search; the
 * verification says until when this one holds, and the minutes count down from there.
 */
export function ExpiryNotice({
  offerId,
  expired,
  backLink,
}: {
  offerId: string;
  expired: boolean;
  backLink: ReactNode;
}) {
  const verification = useOfferVerification(offerId, true);
  const now = useNow(verification.isSuccess);
  const minutes = verification.data ? minutesRemaining(verification.data.expires_at, now) : null;

  let body: ReactNode;
  if (expired) body = <p className="font-medium">{offerMessages.expired}</p>;
  else if (verification.isError) body = <p>{offerMessages.unverifiable}</p>;
  else if (minutes === null) body = <p>{offerTexts.expirationNote} Checking this offer...</p>;
  else
    body = (
      <p>
        {offerTexts.expirationNote}{' '}
        <strong className="font-semibold">
          This offer expires in {minutes} {minutes === 1 ? 'minute' : 'minutes'}.
        </strong>
      </p>
    );

  const Icon = expired || verification.isError ? TriangleAlertIcon : ClockIcon;
  return (
    <section
      aria-labelledby="offer-expiration-title"
      role={expired ? 'alert' : undefined}
      className={cn(
        'flex gap-3 rounded-xl border p-4 text-sm',
        expired || verification.isError
          ? 'border-destructive bg-destructive/5'
          : 'border-border bg-card',
      )}
    >
      <Icon
        className={cn(
          'mt-0.5 size-5 shrink-0',
          expired || verification.isError ? 'text-destructive' : 'text-primary',
        )}
        aria-hidden="true"
      />
      <div className="grid gap-1">
        <h2 id="offer-expiration-title" className="font-semibold">
          {offerTexts.expirationTitle}
        </h2>
        {body}
        {expired || verification.isError ? <div className="mt-2">{backLink}</div> : null}
      </div>
    </section>
  );
}
