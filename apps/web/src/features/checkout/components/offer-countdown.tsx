import { TimerIcon } from 'lucide-react';
import { useEffect, useEffectEvent, useState } from 'react';
import { cn } from '../../../lib/cn';

const TICK_MS = 1_000;

/** `mm:ss` (or `h:mm:ss`) left until `end`, never below zero. */
function formatRemaining(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const mm = String(minutes).padStart(hours > 0 ? 2 : 1, '0');
  const ss = String(seconds).padStart(2, '0');
  return hours > 0 ? `${hours}:${mm}:${ss}` : `${mm}:${ss}`;
}

/**
 * How long the airline holds this price, counting down each second; `onExpiringSoon` once when
 * fewer than `warnBeforeMs` are left (with the whole minutes left), `onExpired` once when it
 * reaches zero. The seconds are not announced as they change (they would drown a screen reader);
 * the minute is, through the label.
 */
export function OfferCountdown({
  expiresAt,
  onExpired,
  warnBeforeMs,
  onExpiringSoon,
}: {
  expiresAt: string;
  onExpired: () => void;
  warnBeforeMs?: number;
  onExpiringSoon?: (minutes: number) => void;
}) {
  const end = Date.parse(expiresAt);
  const [now, setNow] = useState(() => Date.now());
  const expire = useEffectEvent(onExpired);
  const warn = useEffectEvent(() => onExpiringSoon?.(Math.floor(left / 60_000)));
  const left = end - now;
  const soon = warnBeforeMs !== undefined && left > 0 && left < warnBeforeMs;

  // Once on crossing the threshold, not each second after.
  useEffect(() => {
    if (soon) warn();
  }, [soon]);

  useEffect(() => {
    if (Number.isNaN(end)) return;
    if (left <= 0) {
      expire();
      return;
    }
    const timer = setTimeout(() => setNow(Date.now()), Math.min(TICK_MS, left));
    return () => clearTimeout(timer);
  }, [end, left]);

  if (Number.isNaN(end)) return null;
  const urgent = left < 5 * 60 * 1000;
  const minutes = Math.max(0, Math.ceil(left / 60_000));
  return (
    <p
      className={cn(
        'flex items-center gap-1.5 text-sm font-medium tabular-nums',
        urgent ? 'text-destructive' : 'text-muted-foreground',
      )}
    >
      <TimerIcon className="size-4" aria-hidden="true" />
      <span aria-hidden="true">Price held for {formatRemaining(left)}</span>
      <span className="sr-only">
        {left > 0
          ? `Price held for about ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`
          : 'The price is no longer held'}
      </span>
    </p>
  );
}
