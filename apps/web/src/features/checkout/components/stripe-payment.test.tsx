import { cardMessages } from '@contrail/contracts/payments';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiErrorResponse, jsonResponse, type RecordedRequest } from '../../../test/fetch-stub';
import { stripeAppearance } from '../lib/stripe-appearance';
import { buildBookingResponse, OFFER_ID } from '../test/checkout-factories';
import {
  BOOKING_PATH,
  renderCheckout,
  renderCheckoutAt,
  stubCheckout,
} from '../test/checkout-harness';

/**
 * Stripe.js mocked at its module boundary: `loadStripe` (the script Stripe serves) and the React
 * bindings, whose element is a stand-in that records the options it was given. Everything of
 * ours between the payment step and the API runs for real.
 */
const stripe = vi.hoisted(() => {
  const confirmPayment = vi.fn<(options: unknown) => Promise<unknown>>();
  const submit = vi.fn<() => Promise<unknown>>();
  return {
    loadStripe: vi.fn<(key: string) => void>(),
    /** Loads of Stripe.js still to fail (as offline, behind a blocker). */
    failingLoads: 0,
    submit,
    confirmPayment,
    elementsOptions: [] as unknown[],
    paymentElementOptions: [] as unknown[],
    // The same instances on every render, as Stripe's hooks give.
    instance: { confirmPayment },
    elements: { submit },
  };
});

vi.mock('@stripe/stripe-js/pure', () => ({
  loadStripe: (key: string) => {
    stripe.loadStripe(key);
    if (stripe.failingLoads > 0) {
      stripe.failingLoads -= 1;
      return Promise.reject(new Error('Failed to load Stripe.js'));
    }
    return Promise.resolve(stripe.instance);
  },
}));

vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children, options }: { children: ReactNode; options: unknown }) => {
    stripe.elementsOptions.push(options);
    return <div data-testid="stripe-elements">{children}</div>;
  },
  PaymentElement: ({ options }: { options: unknown }) => {
    stripe.paymentElementOptions.push(options);
    return <div role="group" aria-label="Stripe payment element" />;
  },
  useStripe: () => stripe.instance,
  useElements: () => stripe.elements,
}));

const PUBLISHABLE_KEY = 'pk_test_contrail0000webtest';
const INTENT = {
  paymentId: 'pi_3Test0000000001',
  clientSecret: 'pi_3Test0000000001_secret_abc',
  publishableKey: PUBLISHABLE_KEY,
  amount: '2143.00',
  currency: 'USD',
};
/** The fare of the factories' offer, with no seats chosen. */
const TOTAL_TEXT = '$2,143.00';

function posts(requests: RecordedRequest[], path: string) {
  return requests.filter((request) => request.method === 'POST' && request.path === path);
}

function stripeCheckout(options: { createBooking?: () => Response; publishableKey?: string } = {}) {
  const publishableKey = options.publishableKey ?? PUBLISHABLE_KEY;
  return stubCheckout({
    paymentConfig: () => jsonResponse({ collection: 'stripe', publishableKey }),
    createIntent: () => jsonResponse(INTENT),
    createBooking:
      options.createBooking ?? (() => jsonResponse(buildBookingResponse(), { status: 201 })),
  });
}

async function goToPayment() {
  renderCheckoutAt('payment');
  await screen.findByRole('heading', { name: 'Payment Details' }, { timeout: 5000 });
}

const payButton = () => screen.findByRole('button', { name: /^Complete Booking/ });

describe('checkout: payment in Stripe mode', { timeout: 30_000 }, () => {
  beforeEach(() => {
    stripe.loadStripe.mockReset();
    stripe.failingLoads = 0;
    stripe.submit.mockReset().mockResolvedValue({ selectedPaymentMethod: 'card' });
    stripe.confirmPayment.mockReset();
    stripe.elementsOptions.length = 0;
    stripe.paymentElementOptions.length = 0;
  });
  afterEach(() => {
    window.sessionStorage.clear();
  });

  it("shows Stripe's element for the total, themed, instead of our card form", async () => {
    stripeCheckout();
    await goToPayment();

    expect(await screen.findByRole('group', { name: 'Stripe payment element' })).toBeVisible();
    expect(screen.queryByLabelText('Card Number')).toBeNull();
    expect(stripe.loadStripe).toHaveBeenCalledWith(PUBLISHABLE_KEY);
    expect(stripe.elementsOptions.at(-1)).toMatchObject({
      mode: 'payment',
      amount: 214300,
      currency: 'usd',
      captureMethod: 'manual',
      allowedPaymentMethodTypes: ['card'],
      appearance: { theme: 'stripe', labels: 'above' },
    });
    expect(await payButton()).toHaveTextContent(`Complete Booking· ${TOTAL_TEXT}`);
  });

  it('says so when Stripe.js cannot be loaded, charges nothing, and loads it again on Try Again', async () => {
    stripe.failingLoads = 1;
    // A key no other test loaded: Stripe.js is loaded once per key for the page's life.
    const publishableKey = 'pk_test_contrail0000offline';
    const requests = stripeCheckout({ publishableKey });
    const user = userEvent.setup();
    await goToPayment();

    expect(await screen.findByText(cardMessages.paymentFormUnavailable)).toBeVisible();
    expect(screen.queryByRole('group', { name: 'Stripe payment element' })).toBeNull();
    // The button follows the failed load a render later.
    const pay = await payButton();
    await waitFor(() => expect(pay).toBeDisabled());
    await user.click(screen.getByRole('button', { name: 'Try Again' }));

    expect(await screen.findByRole('group', { name: 'Stripe payment element' })).toBeVisible();
    expect(screen.queryByText(cardMessages.paymentFormUnavailable)).toBeNull();
    expect(stripe.loadStripe.mock.calls).toEqual([[publishableKey], [publishableKey]]);
    expect(posts(requests, '/api/payments/intents')).toHaveLength(0);
  });

  it('makes the intent, confirms it in Stripe (3-D Secure if needed) and books with the same key', async () => {
    stripe.confirmPayment.mockResolvedValue({
      paymentIntent: { id: INTENT.paymentId, status: 'requires_capture' },
    });
    const requests = stripeCheckout();
    const user = userEvent.setup();
    await goToPayment();
    await user.click(await payButton());

    expect(await screen.findByRole('heading', { name: 'Booking Confirmed!' })).toBeVisible();
    const [intent] = posts(requests, '/api/payments/intents');
    const [booking] = posts(requests, '/api/bookings');
    expect(intent?.body).toMatchObject({ offerId: OFFER_ID, amount: '2143.00', currency: 'USD' });
    expect(intent?.body).not.toHaveProperty('cardDetails');
    const key = intent?.headers.get('idempotency-key');
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(booking?.headers.get('idempotency-key')).toBe(key);
    expect(booking?.body).toMatchObject({
      offerId: OFFER_ID,
      paymentDetails: { paymentId: INTENT.paymentId, amount: '2143.00', currency: 'USD' },
    });
    expect(stripe.submit).toHaveBeenCalledTimes(1);
    expect(stripe.confirmPayment).toHaveBeenCalledTimes(1);
    const [confirmation] = stripe.confirmPayment.mock.calls[0] as [
      { clientSecret: string; redirect: string; confirmParams: { return_url: string } },
    ];
    expect(confirmation.clientSecret).toBe(INTENT.clientSecret);
    expect(confirmation.redirect).toBe('if_required');
    expect(new URL(confirmation.confirmParams.return_url).pathname).toBe('/booking');
    expect(new URL(confirmation.confirmParams.return_url).searchParams.get('step')).toBe('payment');
    expect(posts(requests, '/api/payments/process-card')).toHaveLength(0);
  });

  it("shows Stripe's refusal and books nothing", async () => {
    stripe.confirmPayment.mockResolvedValue({
      error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
    });
    const requests = stripeCheckout();
    const user = userEvent.setup();
    await goToPayment();
    await user.click(await payButton());

    expect((await screen.findAllByText('Your card was declined.')).length).toBeGreaterThan(0);
    expect(posts(requests, '/api/bookings')).toHaveLength(0);
    await waitFor(async () => expect(await payButton()).toBeEnabled());
  });

  it('asks nothing of Stripe while the card fields are incomplete', async () => {
    stripe.submit.mockResolvedValue({ error: { message: 'Your card number is incomplete.' } });
    const requests = stripeCheckout();
    const user = userEvent.setup();
    await goToPayment();
    await user.click(await payButton());

    expect(await screen.findByText('Your card number is incomplete.')).toBeVisible();
    expect(posts(requests, '/api/payments/intents')).toHaveLength(0);
    expect(stripe.confirmPayment).not.toHaveBeenCalled();
  });

  it("resumes the booking on the return from the bank's 3-D Secure page", async () => {
    // The card needs the bank's own page: Stripe.js leaves this page, so its promise never ends.
    stripe.confirmPayment.mockReturnValue(new Promise(() => undefined));
    const requests = stripeCheckout();
    const user = userEvent.setup();
    await goToPayment();
    await user.click(await payButton());
    await waitFor(() => expect(stripe.confirmPayment).toHaveBeenCalledTimes(1));
    const key = posts(requests, '/api/payments/intents')[0]?.headers.get('idempotency-key');
    cleanup();

    // The bank sends the traveller back to the return URL, with Stripe's parameters.
    renderCheckout(
      `${BOOKING_PATH}&step=payment&payment_intent=${INTENT.paymentId}&payment_intent_client_secret=${INTENT.clientSecret}&redirect_status=succeeded`,
    );

    expect(
      await screen.findByRole('heading', { name: 'Booking Confirmed!' }, { timeout: 5000 }),
    ).toBeVisible();
    const [booking] = posts(requests, '/api/bookings');
    expect(booking?.headers.get('idempotency-key')).toBe(key);
    expect(booking?.body).toMatchObject({
      paymentDetails: { paymentId: INTENT.paymentId, amount: '2143.00', currency: 'USD' },
    });
    expect(posts(requests, '/api/payments/intents')).toHaveLength(1);
    expect(stripe.confirmPayment).toHaveBeenCalledTimes(1);
  });

  it('says the payment was not completed when the bank refused it', async () => {
    stripe.confirmPayment.mockReturnValue(new Promise(() => undefined));
    const requests = stripeCheckout();
    const user = userEvent.setup();
    await goToPayment();
    await user.click(await payButton());
    await waitFor(() => expect(stripe.confirmPayment).toHaveBeenCalledTimes(1));
    cleanup();

    renderCheckout(
      `${BOOKING_PATH}&step=payment&payment_intent=${INTENT.paymentId}&payment_intent_client_secret=${INTENT.clientSecret}&redirect_status=failed`,
    );
    expect(await screen.findByText(cardMessages.paymentNotCompleted)).toBeVisible();
    expect(posts(requests, '/api/bookings')).toHaveLength(0);
  });

  it('shows our card form again when the mode changed under the page', async () => {
    let collection: 'stripe' | 'sandbox' = 'stripe';
    const requests = stubCheckout({
      paymentConfig: () =>
        jsonResponse(
          collection === 'stripe'
            ? { collection, publishableKey: PUBLISHABLE_KEY }
            : { collection: 'sandbox' },
        ),
      createIntent: () => {
        collection = 'sandbox';
        return apiErrorResponse(409, 'payment_form_changed', cardMessages.paymentFormChanged);
      },
    });
    const user = userEvent.setup();
    await goToPayment();
    await user.click(await payButton());

    expect((await screen.findAllByText(cardMessages.paymentFormChanged)).length).toBeGreaterThan(0);
    expect(await screen.findByLabelText('Card Number')).toBeVisible();
    expect(stripe.confirmPayment).not.toHaveBeenCalled();
    expect(posts(requests, '/api/bookings')).toHaveLength(0);
  });

  it('loads no Stripe script in sandbox mode', async () => {
    stubCheckout();
    await goToPayment();
    expect(await screen.findByLabelText('Card Number')).toBeVisible();
    expect(stripe.loadStripe).not.toHaveBeenCalled();
    expect(screen.queryByRole('group', { name: 'Stripe payment element' })).toBeNull();
  });

  it('takes no card when the payment form cannot be told', async () => {
    stubCheckout({ paymentConfig: () => new Response('oops', { status: 500 }) });
    await goToPayment();
    expect(await screen.findByText(cardMessages.processorUnavailable)).toBeVisible();
    expect(screen.queryByLabelText('Card Number')).toBeNull();
    expect(await payButton()).toBeDisabled();
  });
});

describe("Stripe's Appearance from the brand's tokens", () => {
  it('hands the brand colours, font and radius to the element', () => {
    const tokens: Record<string, string> = {
      '--primary': '#0b5fff',
      '--background': '#ffffff',
      '--foreground': '#101828',
      '--muted-foreground': '#475467',
      '--destructive': '#ff4d4f',
      '--font-sans': 'Inter, sans-serif',
      '--radius': '0.5rem',
      '--ring': '#0b5fff',
      '--input': '#d0d5dd',
    };
    const appearance = stripeAppearance((name) => tokens[name] ?? '');
    expect(appearance).toEqual({
      theme: 'stripe',
      labels: 'above',
      variables: {
        colorPrimary: '#0b5fff',
        colorBackground: '#ffffff',
        colorText: '#101828',
        colorTextSecondary: '#475467',
        colorDanger: '#ff4d4f',
        fontFamily: 'Inter, sans-serif',
        borderRadius: '0.5rem',
        focusBoxShadow: '0 0 0 2px #0b5fff',
      },
      rules: {
        '.Input': { border: '1px solid #d0d5dd', boxShadow: 'none' },
        '.Input:focus': { borderColor: '#0b5fff' },
      },
    });
  });

  it("keeps Stripe's defaults for tokens the page lacks", () => {
    expect(stripeAppearance(() => '')).toEqual({ theme: 'stripe', labels: 'above', variables: {} });
  });
});
