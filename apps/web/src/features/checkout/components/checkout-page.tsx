import { offerMessages, type Offer } from '@contrail/contracts/offers';
import { ArrowLeftIcon, LockIcon } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { ProgressSteps } from '../../../components/ui/progress-steps';
import { toast } from '../../../components/ui/toast';
import { formatMinor } from '../../../lib/flight-formatters';
import { useOffer } from '../../../lib/offers-api';
import {
  EXPIRY_WARNING_MINUTES,
  useCheckout,
  useOfferProblemHandler,
  type CheckoutModel,
  type OfferProblemHandler,
} from '../hooks/use-checkout';
import { CHECKOUT_STEPS, type CheckoutStep } from '../lib/booking-search';
import { checkoutTexts } from '../lib/checkout-texts';
import { offerProblemOf } from '../lib/offer-problems';
import { CheckoutLoading, OfferLoadError } from './checkout-load-states';
import {
  AfterReloadNote,
  ExpiringSoonWarning,
  OfferGoneAlert,
  PriceChangeNotice,
  TripSummaryDisclosure,
} from './checkout-notices';
import { CheckoutStepContent } from './checkout-steps';
import { OfferCountdown } from './offer-countdown';
import { OrderSummary } from './order-summary';

const STEPS = CHECKOUT_STEPS.map((id) => ({ id, label: checkoutTexts.stepLabels[id] }));

export interface CheckoutPageProps {
  offerId: string;
  /** The step in the URL; the page shows it only as far as the data goes. */
  step: CheckoutStep | undefined;
  onStepChange: (step: CheckoutStep, options?: { replace?: boolean }) => void;
  /** The Back button: the previous browser page. */
  onBack: () => void;
  /**
   * The traveller asks to search again after the offer has gone: to the search, with the same
   * query string, plus the offer's own search criteria when the offer is known. Never automatic
   * (WCAG 2.2.1): the checkout says the offer has gone and waits for the click.
   */
  onOfferGone: (criteria: Record<string, string | number>) => void;
  signedIn: boolean;
}

/** `/booking`: passengers, seats, payment, confirmation, in one store. */
export function CheckoutPage(props: CheckoutPageProps) {
  const offer = useOffer(props.offerId);
  const problemHandler = useOfferProblemHandler();

  useEffect(() => {
    if (!offer.error) return;
    const problem = offerProblemOf(offer.error);
    if (problem) {
      problemHandler.report(problem);
    } else if (!offer.data) {
      toast.error(checkoutTexts.loadFailedTitle, { description: checkoutTexts.loadFailed });
    }
  }, [offer.error, offer.data, problemHandler]);

  // A failed refetch (after a price change) keeps the checkout and its data.
  if (offer.data) {
    return <Checkout {...props} offer={offer.data} problemHandler={problemHandler} />;
  }
  if (offer.isError) {
    return (
      <OfferLoadError
        error={offer.error}
        problem={problemHandler.problem}
        retry={() => void offer.refetch()}
        searchAgain={() => props.onOfferGone({})}
      />
    );
  }
  return <CheckoutLoading />;
}

function Checkout({
  offer,
  offerId,
  step: requestedStep,
  onStepChange,
  onBack,
  onOfferGone,
  signedIn,
  problemHandler,
}: CheckoutPageProps & { offer: Offer; problemHandler: OfferProblemHandler }) {
  const checkout = useCheckout({
    offer,
    offerId,
    requestedStep,
    onStepChange,
    onOfferGone,
    problemHandler,
  });
  const { step, totals } = checkout;
  const summary = (
    <OrderSummary
      offer={offer}
      totals={totals}
      seats={checkout.charges}
      bags={checkout.bags}
      passengerName={checkout.nameOf}
    />
  );
  const content = (
    <CheckoutStepContent
      offer={offer}
      offerId={offerId}
      checkout={checkout}
      summary={summary}
      signedIn={signedIn}
      goTo={(next) => onStepChange(next)}
      onStepChange={onStepChange}
    />
  );

  return (
    <div className="min-h-screen bg-muted/40 pb-16">
      <div className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-6 sm:py-8">
        <CheckoutTopBar offer={offer} checkout={checkout} onBack={onBack} />
        <ProgressSteps steps={STEPS} current={step} aria-label="Booking progress" />

        {step === 'confirmation' ? (
          content
        ) : (
          <StepWithSummary offer={offer} checkout={checkout} summary={summary}>
            {content}
          </StepWithSummary>
        )}
      </div>
    </div>
  );
}

/** A step before the confirmation: its notices and content, the order summary beside them. */
function StepWithSummary({
  offer,
  checkout,
  summary,
  children,
}: {
  offer: Offer;
  checkout: CheckoutModel;
  summary: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="grid min-w-0 gap-6">
        <CheckoutNotices offer={offer} checkout={checkout} summary={summary} />
        {children}
      </div>
      <aside className="hidden lg:sticky lg:top-24 lg:block">{summary}</aside>
    </div>
  );
}

/** Back, the offer's countdown and the secure-checkout note. */
function CheckoutTopBar({
  offer,
  checkout,
  onBack,
}: {
  offer: Offer;
  checkout: CheckoutModel;
  onBack: () => void;
}) {
  const { step, problem, report } = checkout;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      {step === 'confirmation' ? (
        <span />
      ) : (
        <Button type="button" variant="ghost" size="sm" className="-ml-2" onClick={onBack}>
          <ArrowLeftIcon aria-hidden="true" />
          {checkoutTexts.back}
        </Button>
      )}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
        {step === 'confirmation' || problem ? null : (
          <OfferCountdown
            expiresAt={checkout.verification?.expires_at ?? offer.expires_at}
            warnBeforeMs={EXPIRY_WARNING_MINUTES * 60_000}
            onExpiringSoon={checkout.warnExpiringSoon}
            onExpired={() =>
              report({
                message: offerMessages.expired,
                title: checkoutTexts.offerExpiredTitle,
                description: checkoutTexts.offerExpiredDescription,
              })
            }
          />
        )}
        <p className="flex items-center gap-1.5 text-sm font-medium text-muted-foreground">
          <LockIcon className="size-4" aria-hidden="true" />
          {checkoutTexts.secureCheckout}
        </p>
      </div>
    </div>
  );
}

/** What the traveller must know above the step: the offer gone or going, a new price, a reload. */
function CheckoutNotices({
  offer,
  checkout,
  summary,
}: {
  offer: Offer;
  checkout: CheckoutModel;
  summary: ReactNode;
}) {
  const { step, problem, seen, expiringSoon } = checkout;
  return (
    <>
      {problem ? <OfferGoneAlert problem={problem} onSearchAgain={checkout.searchAgain} /> : null}
      {expiringSoon !== null && !problem ? (
        <ExpiringSoonWarning
          minutes={expiringSoon}
          onSearchAgain={checkout.searchAgain}
          onDismiss={checkout.dismissWarning}
        />
      ) : null}
      {seen.changed && !problem && step !== 'payment' ? (
        <PriceChangeNotice
          previous={seen.changed}
          current={{ amount: offer.total_amount, currency: offer.total_currency }}
          onAccept={() =>
            seen.accept({ amount: offer.total_amount, currency: offer.total_currency })
          }
        />
      ) : null}
      {step === 'payment' ? null : (
        <TripSummaryDisclosure
          total={formatMinor(checkout.totals.totalMinor, checkout.totals.currency)}
        >
          {summary}
        </TripSummaryDisclosure>
      )}
      {checkout.reloadedConfirmation && step === 'passengers' ? <AfterReloadNote /> : null}
    </>
  );
}
