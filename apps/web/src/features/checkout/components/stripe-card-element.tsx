import { cardMessages } from '@contrail/contracts/payments';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
// The pure entry loads Stripe.js only when asked (in Stripe mode), never on import.
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useMemo, useState } from 'react';
import { LoadError } from '../../../components/load-error';
import { documentThemeVariable, stripeAppearance } from '../lib/stripe-appearance';

/** What the payment step asks of Stripe's element. */
export interface StripeCardController {
  /** Checks the fields (Stripe shows what is wrong beside them); a message when incomplete. */
  check(): Promise<string | null>;
  /**
   * Confirms the intent with the card in the element: 3-D Secure in Stripe's dialog, or by a
   * redirect to the bank and back to `returnUrl` when the card needs one.
   */
  confirm(
    clientSecret: string,
    returnUrl: string,
  ): Promise<{ held: true } | { held: false; message: string }>;
}

export interface StripeCardElementProps {
  publishableKey: string;
  amountMinor: number;
  currency: string;
  disabled: boolean;
  onController: (controller: StripeCardController | null) => void;
}

const loaded = new Map<string, Promise<Stripe | null>>();
/**
 * Stripe.js once per key, however often the step renders. A load that failed (offline, a blocker,
 * Stripe unreachable) is forgotten, so trying again loads it anew.
 */
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = loaded.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    loaded.set(publishableKey, stripe);
    stripe.catch(() => loaded.delete(publishableKey));
  }
  return stripe;
}

function Controller({ onController }: Pick<StripeCardElementProps, 'onController'>) {
  const stripe = useStripe();
  const elements = useElements();
  useEffect(() => {
    if (!stripe || !elements) return;
    onController({
      async check() {
        const { error } = await elements.submit();
        return error ? (error.message ?? cardMessages.paymentNotCompleted) : null;
      },
      async confirm(clientSecret, returnUrl) {
        const result = await stripe.confirmPayment({
          elements,
          clientSecret,
          confirmParams: { return_url: returnUrl },
          redirect: 'if_required',
        });
        if (result.error) {
          return { held: false, message: result.error.message ?? cardMessages.paymentNotCompleted };
        }
        return result.paymentIntent.status === 'requires_capture'
          ? { held: true }
          : { held: false, message: cardMessages.paymentNotCompleted };
      },
    });
    return () => onController(null);
  }, [stripe, elements, onController]);
  return null;
}

/**
 * Stripe's Payment Element, cards only, for exactly the total with manual capture (the intent is
 * made when the traveller pays). Card numbers go from this frame to Stripe, never to our server.
 * Loaded lazily, in Stripe mode only: the sandbox and the rest of the site load no Stripe script.
 */
export default function StripeCardElement({
  publishableKey,
  amountMinor,
  currency,
  disabled,
  onController,
}: StripeCardElementProps) {
  const appearance = useMemo(() => stripeAppearance(documentThemeVariable), []);
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(false);
  // Elements is given a promise that never rejects: a failed load shows our message instead.
  const stripe = useMemo(
    () =>
      stripeFor(publishableKey).catch(() => {
        setFailed(true);
        return null;
      }),
    // A new attempt loads Stripe.js again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [publishableKey, attempt],
  );
  if (failed) {
    return (
      <LoadError
        message={cardMessages.paymentFormUnavailable}
        onRetry={() => {
          setFailed(false);
          setAttempt((value) => value + 1);
        }}
      />
    );
  }
  return (
    <Elements
      key={attempt}
      stripe={stripe}
      options={{
        mode: 'payment',
        amount: amountMinor,
        currency: currency.toLowerCase(),
        captureMethod: 'manual',
        allowedPaymentMethodTypes: ['card'],
        appearance,
      }}
    >
      <Controller onController={onController} />
      <PaymentElement options={{ readOnly: disabled, layout: 'tabs' }} />
    </Elements>
  );
}
