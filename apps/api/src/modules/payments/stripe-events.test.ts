import { randomUUID } from 'node:crypto';
import { adminBookingDetailSchema } from '@contrail/contracts/back-office-bookings';
import { bookingViewSchema } from '@contrail/contracts/bookings';
import type { SearchOffer } from '@contrail/contracts/search-results-schema';
import { createIntentResponseSchema } from '@contrail/contracts/payments';
import { createStripeServer, type StripeServer } from '@contrail/stripe-sandbox/server';
import { signatureHeader } from '@contrail/stripe-sandbox/webhooks';
import { sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../../test/app';
import { amountOf, passengersFor, searchOffer } from '../../../test/booking-flow';
import { queryRows } from '../../../test/database';
import { TestClient } from '../../../test/http';
import { ADMIN_PASSWORD, createAdmin } from '../../../test/users';
import {
  createStripeClient,
  createStripePaymentProvider,
} from '../../providers/payments/stripe/stripe-payments';

/**
 * Stripe's events change the booking: refunds and disputes made outside the product (Stripe's
 * dashboard, the cardholder's bank) through the real app, the official SDK and the Stripe sandbox,
 * which posts its signed events back; and events posted out of order, twice, or of the other mode.
 */

const SECRET_KEY = 'sk_test_contrail00000000000events';
const PUBLISHABLE_KEY = 'pk_test_contrail00000000000events';
const WEBHOOK_SECRET = 'whsec_contrail00000000000events';
const APP_PORT = 3994;

const START = new Date('2026-11-22T09:00:00Z');
const now = START;

let sandbox: StripeServer;
let apiUrl = '';
let browser: Stripe;
/** Every request the sandbox answered: `POST /v1/refunds 200` … */
const requests: string[] = [];

beforeAll(async () => {
  sandbox = createStripeServer({
    clock: () => now,
    apiKeys: [SECRET_KEY],
    onRequest: ({ method, path, status }) => requests.push(`${method} ${path} ${status}`),
    webhook: {
      url: `http://127.0.0.1:${APP_PORT}/api/payments/stripe/webhook`,
      secret: WEBHOOK_SECRET,
      // What docs/providers.md tells the operator to select in Stripe's dashboard.
      enabledEvents: [
        'payment_intent.canceled',
        'charge.refunded',
        'charge.dispute.created',
        'charge.dispute.updated',
        'charge.dispute.closed',
      ],
      retryDelaysMs: [20, 100],
    },
  });
  apiUrl = await sandbox.listen();
  browser = createStripeClient({ secretKey: SECRET_KEY, apiUrl, maxNetworkRetries: 0 });
});

afterAll(async () => {
  await sandbox.close();
});

describe('Stripe events on a booking', () => {
  const t: TestApp = useTestApp(
    { STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET },
    {
      clock: () => now,
      get paymentProvider() {
        return createStripePaymentProvider({
          secretKey: SECRET_KEY,
          publishableKey: PUBLISHABLE_KEY,
          apiUrl,
          maxNetworkRetries: 0,
        });
      },
    },
  );

  beforeAll(async () => {
    await t.app.listen({ port: APP_PORT, host: '127.0.0.1' });
  });

  const rows = (query: ReturnType<typeof sql>) => queryRows(t.database, query);

  /** The sandbox's helpers: what an operator does in Stripe's dashboard, or a cardholder's bank. */
  async function outside(path: string, form: Record<string, string> = {}) {
    const response = await fetch(`${apiUrl}/_sandbox/${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${SECRET_KEY}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams(form).toString(),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  /** A confirmed booking paid with a Stripe test payment method; answers its ids and client. */
  async function booked(paymentMethod = 'pm_card_visa') {
    const c = new TestClient(t.app);
    const offer: SearchOffer = await searchOffer(c);
    const key = randomUUID();
    const created = await c.post(
      '/api/payments/intents',
      {
        offerId: offer.id,
        amount: amountOf(offer),
        currency: offer.total_currency,
        passengers: passengersFor(offer),
      },
      { 'idempotency-key': key },
    );
    expect(created.statusCode, created.body).toBe(200);
    const intent = createIntentResponseSchema.parse(created.json());
    await browser.paymentIntents.confirm(intent.paymentId, { payment_method: paymentMethod });
    const booking = await c.post(
      '/api/bookings',
      {
        offerId: offer.id,
        passengers: passengersFor(offer),
        paymentDetails: {
          paymentId: intent.paymentId,
          amount: amountOf(offer),
          currency: offer.total_currency,
        },
      },
      { 'idempotency-key': key },
    );
    expect(booking.statusCode, booking.body).toBe(201);
    const { id, bookingReference } = booking.json<{ id: string; bookingReference: string }>();
    const [payment] = await rows(
      sql`select id, amount_minor from payment_authorizations where provider_payment_id = ${intent.paymentId}`,
    );
    return {
      id,
      bookingReference,
      intentId: intent.paymentId,
      paymentId: String(payment?.id),
      amountMinor: Number(payment?.amount_minor),
    };
  }

  /** The trip's page, as a guest finds it by reference and e-mail. */
  async function trip(reference: string) {
    const c = new TestClient(t.app);
    const response = await c.get(
      `/api/bookings/lookup?reference=${reference}&email=${encodeURIComponent('ada@example.com')}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return bookingViewSchema.parse(response.json());
  }

  async function backOffice(id: string) {
    await createAdmin(t.database);
    const c = new TestClient(t.app);
    expect(
      (await c.post('/api/auth/login', { username: 'root', password: ADMIN_PASSWORD })).statusCode,
    ).toBe(200);
    const response = await c.get(`/api/admin/bookings/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return adminBookingDetailSchema.parse(response.json());
  }

  const paymentRow = async (id: string) =>
    (
      await rows(
        sql`select refunded_minor, dispute_status, dispute_reason, dispute_amount_minor, dispute_evidence_due_by from payment_authorizations where id = ${id}`,
      )
    )[0];

  /** Cancels as the back office does (for the traveller), answering the HTTP reply. */
  async function cancel(id: string) {
    await createAdmin(t.database);
    const c = new TestClient(t.app);
    await c.post('/api/auth/login', { username: 'root', password: ADMIN_PASSWORD });
    expect((await c.post('/api/admin/login', { password: ADMIN_PASSWORD })).statusCode).toBe(200);
    return c.post(`/api/admin/bookings/${id}/cancel`, {}, { 'idempotency-key': randomUUID() });
  }

  it('records a refund made in Stripe’s dashboard on the payment, and shows it on the trip and in the back office', async () => {
    const b = await booked();
    expect((await outside(`payment_intents/${b.intentId}/refund`, { amount: '500' })).status).toBe(
      200,
    );
    await sandbox.webhooksIdle();
    expect(await paymentRow(b.paymentId)).toMatchObject({ refunded_minor: 500 });
    const view = await trip(b.bookingReference);
    expect(view.cardActivity).toEqual({
      refundedByAgency: { amount: '5.00', currency: view.total.currency },
      dispute: null,
    });
    const detail = await backOffice(b.id);
    expect(detail.payment.refundedAtProcessor).toEqual({
      amount: '5.00',
      currency: view.total.currency,
    });

    // Cancelling now refunds what the airline returns less what the agency refunded already.
    requests.length = 0;
    const cancelled = await cancel(b.id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const refunds = await browser.refunds.list({ payment_intent: b.intentId });
    const ours = refunds.data.filter((refund) => refund.metadata?.contrail_refund_key);
    const [booking] = await rows(sql`select status, refund_minor from bookings where id = ${b.id}`);
    expect(booking?.status).toBe('cancelled');
    expect(ours.map((refund) => refund.amount)).toEqual([Number(booking?.refund_minor)]);
    await sandbox.webhooksIdle();
    // The cumulative total now counts both; the trip still tells the agency's part alone.
    expect((await paymentRow(b.paymentId))?.refunded_minor).toBe(
      500 + Number(booking?.refund_minor),
    );
    expect((await trip(b.bookingReference)).cardActivity?.refundedByAgency?.amount).toBe('5.00');
  });

  it('cancels a booking refunded in full in the dashboard without a second refund', async () => {
    const b = await booked();
    expect((await outside(`payment_intents/${b.intentId}/refund`)).status).toBe(200);
    requests.length = 0;
    const cancelled = await cancel(b.id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(requests.filter((line) => line.startsWith('POST /v1/refunds'))).toEqual([]);
    expect(await rows(sql`select status, refund_minor from bookings where id = ${b.id}`)).toEqual([
      { status: 'cancelled', refund_minor: 0 },
    ]);
    await sandbox.webhooksIdle();
    expect((await trip(b.bookingReference)).cardActivity?.refundedByAgency?.amount).toBe(
      (b.amountMinor / 100).toFixed(2),
    );
  });

  it('cancels a disputed booking without a 500 and without a refund Stripe would refuse', async () => {
    // pm_card_createDispute: the cardholder disputes the payment once it is captured.
    const b = await booked('pm_card_createDispute');
    await sandbox.webhooksIdle();
    expect(await paymentRow(b.paymentId)).toMatchObject({
      dispute_status: 'needs_response',
      dispute_reason: 'fraudulent',
      dispute_amount_minor: b.amountMinor,
    });
    expect((await paymentRow(b.paymentId))?.dispute_evidence_due_by).not.toBeNull();

    requests.length = 0;
    const cancelled = await cancel(b.id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // No refund asked for: Stripe would answer charge_disputed.
    expect(requests.filter((line) => line.startsWith('POST /v1/refunds'))).toEqual([]);
    expect(await rows(sql`select status, refund_minor from bookings where id = ${b.id}`)).toEqual([
      { status: 'cancelled', refund_minor: 0 },
    ]);
    const view = await trip(b.bookingReference);
    expect(view.status).toBe('cancelled');
    expect(view.cancellation?.refundStatus).toBe('dispute');
    expect(view.cardActivity?.dispute).toBe('open');
    // The cancellation e-mail says the bank handles it, not "Refund: $0.00".
    const [mail] = await rows(
      sql`select text from email_outbox where kind = 'booking_cancellation' and text like ${`%${b.bookingReference}%`}`,
    );
    expect(String(mail?.text)).toContain(
      'Your bank is handling this payment as a dispute: any refund comes from your bank.',
    );
    expect(String(mail?.text)).not.toContain('Refund:');

    // The dispute runs its course in the dashboard; the payment follows it.
    const [dispute] = await rows(
      sql`select dispute_id from payment_authorizations where id = ${b.paymentId}`,
    );
    const disputeId = String(dispute?.dispute_id);
    expect((await outside(`disputes/${disputeId}/submit_evidence`)).status).toBe(200);
    expect((await outside(`disputes/${disputeId}/close`, { outcome: 'lost' })).status).toBe(200);
    await sandbox.webhooksIdle();
    expect((await paymentRow(b.paymentId))?.dispute_status).toBe('lost');
    expect((await trip(b.bookingReference)).cardActivity?.dispute).toBe('lost');
    const detail = await backOffice(b.id);
    expect(detail.payment.dispute).toMatchObject({
      id: disputeId,
      status: 'lost',
      reason: 'fraudulent',
      amount: { amount: (b.amountMinor / 100).toFixed(2) },
    });
  });

  describe('events delivered out of order, twice, or of the other mode', () => {
    /** A real event of this type from the sandbox's list, to post again changed. */
    async function stored(type: string, intentId: string) {
      const events = await browser.events.list({ type, limit: 100 });
      const event = events.data.find((item) => {
        const object = item.data.object as { payment_intent?: unknown };
        return object.payment_intent === intentId;
      });
      if (!event) throw new Error(`no ${type} for ${intentId}`);
      return event;
    }

    async function post(event: Record<string, unknown>) {
      const payload = JSON.stringify(event, null, 2);
      const c = new TestClient(t.app);
      return c.post('/api/payments/stripe/webhook', payload, {
        'content-type': 'application/json',
        'stripe-signature': signatureHeader(
          payload,
          WEBHOOK_SECRET,
          Math.floor(now.getTime() / 1000),
        ),
      });
    }

    const withObject = (
      event: Stripe.Event,
      changes: Record<string, unknown>,
      object: Record<string, unknown>,
    ) => ({
      ...event,
      id: `evt_${randomUUID().replace(/-/g, '')}`,
      ...changes,
      data: { object: { ...(event.data.object as unknown as Record<string, unknown>), ...object } },
    });

    it('keeps a closed dispute closed when its creation arrives after, and handles each event once', async () => {
      const b = await booked('pm_card_createDispute');
      await sandbox.webhooksIdle();
      const created = await stored('charge.dispute.created', b.intentId);
      // Reset what the sandbox's own delivery recorded, as if nothing had arrived yet.
      await rows(
        sql`update payment_authorizations set dispute_id = null, dispute_status = null, dispute_event_at = null where id = ${b.paymentId}`,
      );
      const closed = withObject(
        created,
        { type: 'charge.dispute.closed', created: created.created + 3600 },
        { status: 'won' },
      );
      expect((await post(closed)).statusCode).toBe(200);
      // Stripe's retry of the creation, and a late update, after the close.
      const lateCreated = withObject(created, {}, {});
      expect((await post(lateCreated)).statusCode).toBe(200);
      const lateUpdate = withObject(
        created,
        { type: 'charge.dispute.updated', created: created.created + 60 },
        { status: 'under_review' },
      );
      expect((await post(lateUpdate)).statusCode).toBe(200);
      expect((await paymentRow(b.paymentId))?.dispute_status).toBe('won');
      expect((await trip(b.bookingReference)).cardActivity?.dispute).toBe('won');

      // The same event again changes nothing and is kept once.
      expect((await post(closed)).statusCode).toBe(200);
      expect(await rows(sql`select id from stripe_events where id = ${closed.id}`)).toHaveLength(1);
    });

    it('takes a charge’s cumulative refunded amount, never lower and never twice', async () => {
      const b = await booked();
      await outside(`payment_intents/${b.intentId}/refund`, { amount: '300' });
      await outside(`payment_intents/${b.intentId}/refund`, { amount: '200' });
      await sandbox.webhooksIdle();
      expect((await paymentRow(b.paymentId))?.refunded_minor).toBe(500);
      const refunded = await stored('charge.refunded', b.intentId);
      // The first refund's event, late: its total (300) is below what is known.
      const late = withObject(refunded, {}, { amount_refunded: 300 });
      expect((await post(late)).statusCode).toBe(200);
      expect((await post(late)).statusCode).toBe(200);
      expect((await paymentRow(b.paymentId))?.refunded_minor).toBe(500);
      expect((await trip(b.bookingReference)).cardActivity?.refundedByAgency?.amount).toBe('5.00');
    });

    it('ignores an event whose mode is not its payment’s, whatever its ids say', async () => {
      const b = await booked();
      await outside(`payment_intents/${b.intentId}/refund`, { amount: '100' });
      await sandbox.webhooksIdle();
      const refunded = await stored('charge.refunded', b.intentId);
      const live = withObject(
        refunded,
        { livemode: true },
        { livemode: true, amount_refunded: 900 },
      );
      expect((await post(live)).statusCode).toBe(200);
      expect((await paymentRow(b.paymentId))?.refunded_minor).toBe(100);
      expect(
        await rows(sql`select booking_id, livemode from stripe_events where id = ${live.id}`),
      ).toEqual([{ booking_id: null, livemode: true }]);
      const dispute = withObject(
        refunded,
        { type: 'charge.dispute.created', livemode: true },
        {
          object: 'dispute',
          id: 'dp_live',
          livemode: true,
          payment_intent: b.intentId,
          amount: 100,
          reason: 'fraudulent',
          status: 'needs_response',
          evidence_details: { due_by: null },
        },
      );
      expect((await post(dispute)).statusCode).toBe(200);
      expect((await paymentRow(b.paymentId))?.dispute_status).toBeNull();
    });
  });
});
