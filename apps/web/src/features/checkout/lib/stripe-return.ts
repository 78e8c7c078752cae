import { peekCardReturn } from './checkout-storage';

/** Stripe's parameters on the return from a bank's 3-D Secure page. */
const STRIPE_RETURN_PARAMS = ['payment_intent', 'payment_intent_client_secret', 'redirect_status'];

/** The return from a 3-D Secure redirect to this checkout's kept intent, if this page is one. */
export function stripeReturnOf(
  offerId: string,
  searchStr: string,
): { status: 'succeeded' | 'failed' } | null {
  const params = new URLSearchParams(searchStr);
  const intentId = params.get('payment_intent');
  const status = params.get('redirect_status');
  if (!intentId || !status) return null;
  if (peekCardReturn(offerId)?.body.paymentDetails.paymentId !== intentId) return null;
  return { status: status === 'succeeded' ? 'succeeded' : 'failed' };
}

/** Where Stripe sends the traveller back after a redirect: this step, without an old return. */
export function returnUrl(href: string): string {
  const url = new URL(href, window.location.origin);
  for (const name of STRIPE_RETURN_PARAMS) url.searchParams.delete(name);
  return url.toString();
}
