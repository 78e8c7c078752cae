import { Link } from '@tanstack/react-router';
import { ChevronDownIcon, InfoIcon, SearchIcon, TimerIcon, TriangleAlertIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { formatPrice } from '../../../lib/flight-formatters';
import type { SeenPrice } from '../../../lib/seen-prices';
import { checkoutTexts } from '../lib/checkout-texts';
import type { OfferProblem } from '../lib/offer-problems';

export function PriceChangeNotice({
  previous,
  current,
  onAccept,
}: {
  previous: SeenPrice;
  current: SeenPrice;
  onAccept: () => void;
}) {
  return (
    <Alert variant="warning" role="alert">
      <TriangleAlertIcon aria-hidden="true" />
      <AlertTitle>{checkoutTexts.priceChangedTitle}</AlertTitle>
      <AlertDescription className="grid gap-3 text-foreground">
        <p>{checkoutTexts.priceChangedNotice}</p>
        <dl className="grid max-w-xs gap-1 text-sm">
          <div className="flex justify-between gap-3">
            <dt className="text-muted-foreground">{checkoutTexts.previousTotal}</dt>
            <dd className="tabular-nums line-through">
              {formatPrice(previous.amount, previous.currency)}
            </dd>
          </div>
          <div className="flex justify-between gap-3 font-semibold">
            <dt>{checkoutTexts.newTotal}</dt>
            <dd className="tabular-nums">{formatPrice(current.amount, current.currency)}</dd>
          </div>
        </dl>
        <div>
          <Button type="button" size="sm" onClick={onAccept}>
            {checkoutTexts.continueAtNewPrice}
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  );
}

/**
 * The offer expires in under five minutes, said where it stays until the traveller dismisses it
 * rather than in a toast that goes by itself (WCAG 2.2.1), with the way to search again for the
 * same trip at hand; the countdown above keeps counting.
 */
export function ExpiringSoonWarning({
  minutes,
  onSearchAgain,
  onDismiss,
}: {
  minutes: number;
  onSearchAgain: () => void;
  onDismiss: () => void;
}) {
  return (
    <Alert variant="warning" role="alert">
      <TimerIcon aria-hidden="true" />
      <AlertTitle>{checkoutTexts.expiringSoonTitle}</AlertTitle>
      <AlertDescription className="grid gap-3 text-foreground">
        <p>{checkoutTexts.expiringSoon(minutes)}</p>
        <p>{checkoutTexts.searchAgainNote}</p>
        <div className="flex flex-wrap gap-2">
          <Button type="button" size="sm" variant="outline" onClick={onSearchAgain}>
            <SearchIcon aria-hidden="true" />
            {checkoutTexts.searchAgain}
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={onDismiss}>
            {checkoutTexts.dismiss}
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  );
}

/** The offer can no longer be booked: what happened, and the way to search again. */
export function OfferGoneAlert({
  problem,
  onSearchAgain,
}: {
  problem: OfferProblem;
  onSearchAgain: () => void;
}) {
  return (
    <Alert variant="destructive" role="alert">
      <TriangleAlertIcon aria-hidden="true" />
      <AlertTitle>{checkoutTexts.offerExpiredButton}</AlertTitle>
      <AlertDescription className="grid gap-3 text-foreground">
        <p>{problem.message}</p>
        <p>{checkoutTexts.searchAgainNote}</p>
        <div>
          <Button type="button" size="sm" onClick={onSearchAgain}>
            <SearchIcon aria-hidden="true" />
            {checkoutTexts.searchAgain}
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  );
}

/** The order summary folded under its total, on narrow screens. */
export function TripSummaryDisclosure({ total, children }: { total: string; children: ReactNode }) {
  return (
    <details className="group rounded-xl border border-border bg-card shadow-sm lg:hidden">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded-xl px-5 py-4 font-semibold outline-none focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden">
        <span>Trip summary</span>
        <span className="flex items-center gap-2 tabular-nums">
          {total}
          <ChevronDownIcon
            className="size-4 text-muted-foreground transition-transform group-open:rotate-180"
            aria-hidden="true"
          />
        </span>
      </summary>
      <div className="border-t border-border [&>section]:rounded-none [&>section]:border-0 [&>section]:shadow-none">
        {children}
      </div>
    </details>
  );
}

/** A reload of the confirmation starts a new checkout: where the booking just made is. */
export function AfterReloadNote() {
  return (
    <Alert variant="info">
      <InfoIcon aria-hidden="true" />
      <AlertDescription className="text-foreground">
        {checkoutTexts.afterReload}{' '}
        <Link to="/my-trips" className="font-medium text-primary underline">
          {checkoutTexts.viewMyTrips}
        </Link>
      </AlertDescription>
    </Alert>
  );
}
