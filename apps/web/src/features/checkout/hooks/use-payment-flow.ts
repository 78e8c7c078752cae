import { cardMessages, type CardDetails } from '@contrail/contracts/payments';
import { useLocation } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import type { StripeCardController } from '../components/stripe-card-element';
import { takeCardReturn } from '../lib/checkout-storage';
import type { PendingBooking } from '../lib/checkout-state';
import type { Amount, PriceChange } from '../lib/payment-failure';
import { stripeReturnOf } from '../lib/stripe-return';
import {
  book,
  payWithCard,
  payWithStripe,
  type PaymentFlowContext,
  type PaymentFlowOptions,
  type PaymentNotice,
  type Phase,
} from './payment-flow';

/**
 * The payment step's state: the phase (idle, paying, booking), the failure kept on the page, the
 * new price to ask about, and the actions that pay and book. One payment at a time: `exclusive`
 * refuses a second while the first is still under way.
 */
export function usePaymentFlow(options: PaymentFlowOptions, clearCard: () => void) {
  const [phase, setPhase] = useState<Phase>('idle');
  const [priceChange, setPriceChange] = useState<PriceChange | null>(null);
  // Stripe sent the traveller back here from their bank's 3-D Secure page (this checkout's intent).
  const location = useLocation({
    select: (current) => ({ href: current.href, searchStr: current.searchStr }),
  });
  const [cardReturn] = useState(() => stripeReturnOf(options.offerId, location.searchStr));
  const [failure, setFailure] = useState<PaymentNotice | null>(() =>
    cardReturn?.status === 'failed'
      ? { title: cardMessages.paymentFailed, description: cardMessages.paymentNotCompleted }
      : null,
  );
  const running = useRef(false);
  const ctx: PaymentFlowContext = {
    ...options,
    setPhase,
    setFailure,
    setPriceChange,
    clearCard,
    href: location.href,
  };

  // Back from the bank's 3-D Secure page: book what was confirmed there, with its key.
  useEffect(() => {
    if (cardReturn?.status !== 'succeeded') return;
    const timer = setTimeout(() => {
      const attempt = takeCardReturn(options.offerId);
      if (attempt) void book(ctx, attempt);
    });
    return () => clearTimeout(timer);
    // Only for the page the bank sent the traveller back to.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cardReturn]);

  return {
    phase,
    busy: phase !== 'idle',
    failure,
    priceChange,
    setPriceChange,
    /** Runs one submission; a second while it runs (a double click) does nothing. */
    exclusive: async (run: () => Promise<void>) => {
      if (running.current) return;
      running.current = true;
      try {
        await run();
      } finally {
        running.current = false;
      }
    },
    book: (attempt: PendingBooking) => book(ctx, attempt),
    payWithStripe: (controller: StripeCardController, amount: Amount) =>
      payWithStripe(ctx, controller, amount),
    payWithCard: (details: CardDetails, amount: Amount) => payWithCard(ctx, details, amount),
  };
}
