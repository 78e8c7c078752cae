import { offerMessages, type Offer } from '@contrail/contracts/offers';
import { useRouter, useSearch } from '@tanstack/react-router';
import { ArrowLeftIcon } from 'lucide-react';
import { useRef, type MouseEvent, type ReactNode, type RefObject } from 'react';
import { PageLoadError } from '../../../components/load-error';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiError, type ErrorCode } from '../../../lib/api-client';
import { formatPrice } from '../../../lib/flight-formatters';
import { useObscuring } from '../../../lib/use-obscuring';
import { useOffer } from '../../../lib/offers-api';
import type { OfferTab } from '../lib/offer-page-search';
import { bookingHref, offerHeadline, offerTexts } from '../lib/offer-summary';
import { ExpiryNotice, useOfferExpired } from './expiry-notice';
import { FlightSummary } from './flight-summary';
import { OfferTabs } from './offer-tabs';
import { PriceSummary } from './price-summary';

/** Renders a link back to the search (the route knows where that is). */
export type BackLinkRenderer = (props: { children: ReactNode; className?: string }) => ReactNode;

interface OfferPageProps {
  offerId: string;
  tab: OfferTab;
  onTabChange: (tab: OfferTab) => void;
  renderBackLink: BackLinkRenderer;
}

const EXPIRED_CODES = new Set<ErrorCode>(['offer_expired', 'offer_unavailable']);

/** The offer detail page: summary, expiry, price, booking bars and tabs. */
export function OfferPage({ offerId, tab, onTabChange, renderBackLink }: OfferPageProps) {
  const offer = useOffer(offerId);

  if (offer.isPending) return <OfferLoading />;
  if (offer.isError) {
    const error = offer.error;
    const gone = error instanceof ApiError && EXPIRED_CODES.has(error.code);
    const expired = gone && error.code === 'offer_expired';
    return (
      <PageLoadError
        title={expired ? offerMessages.expired : offerTexts.errorTitle}
        message={
          expired
            ? null
            : error instanceof ApiError && error.serverMessage
              ? error.serverMessage
              : offerTexts.errorFallback
        }
      >
        <Button asChild>
          {renderBackLink({
            children: gone ? offerTexts.backToResults : offerTexts.backToSearch,
          })}
        </Button>
      </PageLoadError>
    );
  }

  return (
    <OfferView
      offer={offer.data}
      tab={tab}
      onTabChange={onTabChange}
      renderBackLink={renderBackLink}
    />
  );
}

function OfferLoading() {
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-8" aria-busy="true">
      <p role="status" className="text-sm text-muted-foreground">
        {offerTexts.loading}
      </p>
      <Skeleton className="h-9 w-72" />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="grid gap-4">
          <Skeleton className="h-20 w-full rounded-xl" />
          <Skeleton className="h-72 w-full rounded-xl" />
        </div>
        <Skeleton className="h-64 w-full rounded-xl" />
      </div>
    </div>
  );
}

function useBookingLink(offer: Offer) {
  const router = useRouter();
  // The brand parameter stays, as on every in-app link.
  const brand = useSearch({ from: '__root__', select: (search) => search.brand });
  const href = bookingHref(offer, brand);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    void router.navigate({ href });
  };
  return { href, onClick };
}

/** The page's way back to the results, as an arrow and its text. */
function backLinkOf(renderBackLink: BackLinkRenderer): ReactNode {
  return renderBackLink({
    className:
      'inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring',
    children: (
      <>
        <ArrowLeftIcon className="size-4" aria-hidden="true" />
        {offerTexts.backToResults}
      </>
    ),
  });
}

function OfferView({
  offer,
  tab,
  onTabChange,
  renderBackLink,
}: {
  offer: Offer;
  tab: OfferTab;
  onTabChange: (tab: OfferTab) => void;
  renderBackLink: BackLinkRenderer;
}) {
  const booking = useBookingLink(offer);
  const expired = useOfferExpired(offer.id, offer.expires_at);
  // The bars with the Book button, under the header or at the foot of a phone's screen, would
  // hide what has the focus: the page's scroll padding counts them.
  const topBar = useRef<HTMLDivElement>(null);
  const bottomBar = useRef<HTMLDivElement>(null);
  useObscuring(topBar, 'top');
  useObscuring(bottomBar, 'bottom');
  const total = formatPrice(offer.total_amount, offer.total_currency);
  const { route, facts } = offerHeadline(offer);
  const backLink = backLinkOf(renderBackLink);

  return (
    <div className="bg-muted/40 pb-6 lg:pb-16">
      {/* Large screens: the total and the booking button stay under the header. */}
      <TopBookingBar
        barRef={topBar}
        route={route}
        facts={facts}
        total={total}
        expired={expired}
        booking={booking}
      />

      <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] gap-6 px-4 pt-6">
        <div className="grid gap-2">
          <div>{backLink}</div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{route}</h1>
          <p className="text-sm text-muted-foreground">{facts}</p>
        </div>

        <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="grid min-w-0 gap-6">
            <ExpiryNotice offerId={offer.id} expired={expired} backLink={backLink} />
            <FlightSummary offer={offer} />
            <OfferTabs offer={offer} tab={tab} onTabChange={onTabChange} />
          </div>
          <div className="grid gap-4 lg:sticky lg:top-40">
            <PriceSummary offer={offer} />
          </div>
        </div>
      </div>

      {/* Small screens: the same, at the bottom of the screen. */}
      <BottomBookingBar barRef={bottomBar} total={total} expired={expired} booking={booking} />
    </div>
  );
}

/** The large screens' bar under the header: the route, the total and Book. */
function TopBookingBar({
  barRef,
  route,
  facts,
  total,
  expired,
  booking,
}: BookingBarProps & { route: string; facts: string }) {
  return (
    <div
      ref={barRef}
      className="sticky top-16 z-30 hidden border-b border-border bg-background/95 shadow-sm backdrop-blur lg:block"
    >
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-6 px-4 py-3">
        <div className="min-w-0">
          <p className="truncate font-semibold">{route}</p>
          <p className="truncate text-sm text-muted-foreground">{facts}</p>
        </div>
        <div className="flex items-center gap-4">
          <div className="text-right">
            <p className="text-xl font-bold tabular-nums">{total}</p>
            <p className="text-xs text-muted-foreground">{offerTexts.priceNote}</p>
          </div>
          <BookButton expired={expired} booking={booking}>
            {offerTexts.bookTopBar}
          </BookButton>
        </div>
      </div>
    </div>
  );
}

/** The small screens' bar at the bottom of the screen: the total and Book. */
function BottomBookingBar({ barRef, total, expired, booking }: BookingBarProps) {
  return (
    <div
      ref={barRef}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-border bg-background/95 shadow-lg backdrop-blur lg:hidden"
    >
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
        <div>
          <p className="text-lg font-bold tabular-nums">{total}</p>
          <p className="text-xs text-muted-foreground">{offerTexts.priceNote}</p>
        </div>
        <BookButton expired={expired} booking={booking}>
          {offerTexts.bookBottomBar}
        </BookButton>
      </div>
    </div>
  );
}

interface BookingBarProps {
  barRef: RefObject<HTMLDivElement | null>;
  total: string;
  expired: boolean;
  booking: ReturnType<typeof useBookingLink>;
}

/** Book, or once the offer has expired a disabled button that says so. */
function BookButton({
  expired,
  booking,
  children,
}: {
  expired: boolean;
  booking: ReturnType<typeof useBookingLink>;
  children: ReactNode;
}) {
  if (expired) {
    return (
      <Button type="button" size="lg" disabled>
        {offerTexts.offerExpired}
      </Button>
    );
  }
  return (
    <Button asChild size="lg">
      <a href={booking.href} onClick={booking.onClick}>
        {children}
      </a>
    </Button>
  );
}
