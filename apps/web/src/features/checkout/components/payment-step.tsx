import type { PaymentConfig } from '@contrail/contracts/payments';
import { CreditCardIcon, LockIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { SeenPrice } from '../../../lib/seen-prices';
import { formatMinor } from '../../../lib/flight-formatters';
import type { PaymentFlowOptions } from '../hooks/payment-flow';
import { useCardFocus, useCardForm } from '../hooks/use-card-form';
import { usePaymentFlow } from '../hooks/use-payment-flow';
import type { CardForm } from '../lib/card-form';
import type { PendingBooking } from '../lib/checkout-state';
import { checkoutTexts } from '../lib/checkout-texts';
import type { OfferProblem } from '../lib/offer-problems';
import { priceChangeToConfirm, type Amount } from '../lib/payment-failure';
import { PaymentMethod } from './card-fields';
import {
  PaymentActions,
  PaymentNotices,
  PendingBookingAlert,
  PriceChangeDialog,
} from './payment-notices';
import { StepHeading } from './step-heading';
import type { StripeCardController } from './stripe-card-element';

interface PaymentStepProps extends PaymentFlowOptions {
  pendingBooking: PendingBooking | null;
  offerProblem: OfferProblem | null;
  /** The price the traveller saw, when the offer's price now differs: asked before paying. */
  priceToConfirm: SeenPrice | null;
  /** The card as typed: the page keeps it (in memory) while the traveller fixes other steps. */
  card: CardForm;
  onCardChange: (update: (card: CardForm) => CardForm) => void;
  /**
   * How the card is taken: our form (sandbox test cards) or Stripe's Payment Element; undefined
   * while it is being asked, null when it could not be.
   */
  paymentConfig: PaymentConfig | null | undefined;
  testMode: boolean;
  /** The order summary, shown under the form on narrow screens. */
  summary: ReactNode;
  /** The traveller agreed to pay this price for the offer. */
  onPriceAccepted: (price: SeenPrice) => void;
  onBackToSeats: () => void;
}

/**
 * The payment step's state: the card form, the payment under way, and the submission that asks
 * about a new price first, then pays by Stripe's element or by our card form.
 */
function usePaymentStep(props: PaymentStepProps) {
  const { totals, pendingBooking, offerProblem, priceToConfirm, paymentConfig } = props;
  const cardForm = useCardForm(props.card, props.onCardChange);
  const flow = usePaymentFlow(props, cardForm.clearCard);
  useCardFocus(cardForm.focusRequest, flow.busy);
  const stripe = paymentConfig?.collection === 'stripe' ? paymentConfig : null;
  const [stripeCard, setStripeCard] = useState<StripeCardController | null>(null);
  const locked =
    flow.busy ||
    pendingBooking !== null ||
    offerProblem !== null ||
    !paymentConfig ||
    (stripe !== null && stripeCard === null);

  const pay = async (override?: Amount) => {
    if (!override && priceToConfirm) {
      // The offer's price moved since the traveller chose it: show both and ask first.
      flow.setPriceChange(priceChangeToConfirm(totals, priceToConfirm));
      return;
    }
    const amount = override ?? { amountMinor: totals.totalMinor, currency: totals.currency };
    if (stripe) {
      if (stripeCard) await flow.payWithStripe(stripeCard, amount);
      return;
    }
    await cardForm.form.handleSubmit(
      (details) => flow.payWithCard(details, amount),
      cardForm.onInvalid,
    )();
  };
  const submit = (override?: Amount) => {
    if (locked) return;
    void flow.exclusive(() => pay(override));
  };
  const total = formatMinor(totals.totalMinor, totals.currency);
  return { cardForm, flow, stripe, setStripeCard, locked, submit, total };
}

/**
 * Step 3: validate the card, check the offer, authorise the card for exactly the summary's total,
 * pause, create the booking. Every failure says what happened, clears the card but the holder's
 * name and hands the form back; nothing is ever faked.
 */
export function PaymentStep(props: PaymentStepProps) {
  const { totals, pendingBooking } = props;
  const step = usePaymentStep(props);
  const { flow, submit } = step;

  return (
    <div className="grid gap-6">
      <StepHeading description="Pay securely by card to confirm your booking.">
        {checkoutTexts.paymentHeading}
      </StepHeading>

      {pendingBooking ? (
        <PendingBookingAlert
          pending={pendingBooking}
          busy={flow.busy}
          onRetry={() => void flow.book(pendingBooking)}
        />
      ) : null}

      <CardPaymentForm props={props} step={step} />

      <PriceChangeDialog
        change={flow.priceChange}
        currency={totals.currency}
        onClose={() => flow.setPriceChange(null)}
        onAccept={(accepted) => {
          if (accepted.offerPrice) props.onPriceAccepted(accepted.offerPrice);
          submit(accepted);
        }}
      />
    </div>
  );
}

interface CardPaymentFormProps {
  props: PaymentStepProps;
  step: ReturnType<typeof usePaymentStep>;
}

/** The card, the summary on small screens, and Back and Pay. */
function CardPaymentForm({ props, step }: CardPaymentFormProps) {
  const { totals, pendingBooking, offerProblem } = props;
  const { cardForm, flow, stripe, setStripeCard, locked, submit, total } = step;
  return (
    <form
      noValidate
      aria-label="Card details"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      className="grid gap-6"
    >
      <CardSection>
        <PaymentNotices failure={flow.failure} testMode={props.testMode} />
        <PaymentMethod
          paymentConfig={props.paymentConfig}
          amountMinor={totals.totalMinor}
          currency={totals.currency}
          stripeDisabled={flow.busy || pendingBooking !== null || offerProblem !== null}
          locked={locked}
          control={cardForm.form.control}
          setField={cardForm.setField}
          onStripeController={setStripeCard}
        />
      </CardSection>

      <div className="lg:hidden">{props.summary}</div>

      <PaymentActions
        phase={flow.phase}
        backDisabled={flow.busy || pendingBooking !== null}
        payDisabled={locked}
        offerExpired={offerProblem !== null}
        total={total}
        showTotal={stripe !== null}
        onBack={props.onBackToSeats}
      />
    </form>
  );
}

function CardSection({ children }: { children: ReactNode }) {
  return (
    <section className="grid gap-5 rounded-xl border border-border bg-card p-5 text-card-foreground shadow-sm sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <CreditCardIcon className="size-5 text-primary" aria-hidden="true" />
          Card
        </h2>
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <LockIcon className="size-4" aria-hidden="true" />
          {checkoutTexts.secureCheckout}
        </p>
      </div>
      {children}
      <p className="flex items-start gap-2 text-sm text-muted-foreground">
        <LockIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {checkoutTexts.cardSecurity}
      </p>
    </section>
  );
}
