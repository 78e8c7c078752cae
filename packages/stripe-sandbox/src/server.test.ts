import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createStripeServer, DEFAULT_API_VERSION, type StripeServer } from './server';

const KEY = 'sk_test_sandboxWireTests0000';
const LIVE_KEY = 'sk_live_sandboxWireTests0000';
const KEYS = [KEY, LIVE_KEY];
const DAY = 24 * 60 * 60 * 1000;

let now: Date;
let sandbox: StripeServer;
let base: string;

interface Reply {
  status: number;
  headers: Headers;
  body: Record<string, unknown> & { error?: Record<string, unknown> };
}

type Form = Record<string, string | number | boolean>;

/** One request as the SDK sends it: form-encoded, bearer key, optional version and key. */
async function stripe(
  method: 'GET' | 'POST',
  path: string,
  form: Form = {},
  options: { key?: string | null; idempotencyKey?: string; version?: string } = {},
): Promise<Reply> {
  const query = new URLSearchParams(
    Object.entries(form).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  const headers: Record<string, string> = {};
  const key = options.key === undefined ? KEY : options.key;
  if (key !== null) headers.authorization = `Bearer ${key}`;
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  if (options.version) headers['stripe-version'] = options.version;
  if (method === 'POST') headers['content-type'] = 'application/x-www-form-urlencoded';
  const response = await fetch(`${base}${path}${method === 'GET' && query ? `?${query}` : ''}`, {
    method,
    headers,
    ...(method === 'POST' ? { body: query } : {}),
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Reply['body'],
  };
}

const create = (form: Form = {}, options: Parameters<typeof stripe>[3] = {}) =>
  stripe(
    'POST',
    '/v1/payment_intents',
    { amount: 2000, currency: 'usd', capture_method: 'manual', ...form },
    options,
  );

async function held(form: Form = {}): Promise<string> {
  const intent = await create({ confirm: true, payment_method: 'pm_card_visa', ...form });
  expect(intent.status).toBe(200);
  return intent.body.id as string;
}

beforeEach(async () => {
  now = new Date('2026-11-20T10:00:00.000Z');
  sandbox = createStripeServer({ clock: () => now, apiKeys: KEYS });
  base = await sandbox.listen();
});

afterEach(async () => {
  await sandbox.close();
});

describe('keys and versions', () => {
  it('answers 401 in Stripe’s envelope without a key, with a wrong one, or a publishable one', async () => {
    const none = await create({}, { key: null });
    expect(none.status).toBe(401);
    expect(none.body.error).toMatchObject({ type: 'invalid_request_error' });
    expect(none.body.error?.message).toMatch(/^You did not provide an API key/);

    const wrong = await create({}, { key: 'sk_fake_1234567890abcdef' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error?.message).toBe(`Invalid API Key provided: ${'*'.repeat(20)}cdef`);
    const short = await create({}, { key: 'sk_test_short' });
    expect(short.body.error?.message).toBe('Invalid API Key provided: sk_test_*hort');

    const publishable = await create({}, { key: 'pk_test_sandboxWireTests0000' });
    expect(publishable.status).toBe(401);
    expect(publishable.body.error?.message).toMatch(/cannot be made with a publishable API key/);
  });

  it('takes basic auth with the key as the user, as curl -u sends it', async () => {
    const response = await fetch(`${base}/v1/payment_intents`, {
      headers: { authorization: `Basic ${Buffer.from(`${KEY}:`).toString('base64')}` },
    });
    expect(response.status).toBe(200);
  });

  it('accepts only the keys it was configured with, as Stripe refuses a key it never issued', async () => {
    // A well-formed key of the right mode that the account does not have (e.g. rolled in the
    // dashboard): Stripe's 401, with no error code.
    const other = await fetch(`${base}/v1/payment_intents`, {
      headers: { authorization: 'Bearer sk_test_someoneelse000000' },
    });
    expect(other.status).toBe(401);
    expect(await other.json()).toEqual({
      error: {
        message: `Invalid API Key provided: sk_test_${'*'.repeat(13)}0000`,
        type: 'invalid_request_error',
      },
    });
    const otherPublishable = await fetch(
      `${base}/v1/payment_intents/pi_none?client_secret=pi_none_secret_x`,
      { headers: { authorization: 'Bearer pk_test_someoneelse000000' } },
    );
    expect(otherPublishable.status).toBe(401);
    const live = await fetch(`${base}/v1/payment_intents`, {
      headers: { authorization: `Bearer ${LIVE_KEY}` },
    });
    expect(live.status).toBe(200);
    expect(() => createStripeServer({ apiKeys: [] })).toThrow(/apiKeys/);
    expect(() => createStripeServer({ apiKeys: ['pk_test_sandboxWireTests0000'] })).toThrow(
      /apiKeys/,
    );
  });

  it('answers in the requested Stripe-Version and refuses a malformed one', async () => {
    const plain = await create();
    expect(plain.headers.get('stripe-version')).toBe(DEFAULT_API_VERSION);
    expect(plain.headers.get('request-id')).toMatch(/^req_\w{14}$/);
    const bad = await create({}, { version: 'yesterday' });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.message).toBe('Invalid Stripe API version: yesterday');
  });

  it('shapes objects by version: charges on intents before 2022-11-15, no payment_method_types since 2026-09-30', async () => {
    const old = await create(
      { confirm: true, payment_method: 'pm_card_visa', 'payment_method_types[0]': 'card' },
      { version: '2020-08-27' },
    );
    expect(old.status).toBe(200);
    expect(old.body.charges).toMatchObject({ object: 'list', total_count: 1 });
    expect(old.body.automatic_payment_methods).toBeNull();
    const defaultCapture = await create({ capture_method: '' }, { version: '2020-08-27' });
    expect(defaultCapture.body.capture_method).toBe('automatic');

    const current = await create({}, { version: DEFAULT_API_VERSION });
    expect(current.body).not.toHaveProperty('charges');
    expect(current.body.automatic_payment_methods).toEqual({ enabled: true });
    const legacyParam = await create({ 'payment_method_types[0]': 'card' });
    expect(legacyParam.status).toBe(400);
    expect(legacyParam.body.error).toMatchObject({
      code: 'parameter_unknown',
      param: 'payment_method_types',
    });
  });

  it('keeps test and live objects apart, and says when an id is of the other mode', async () => {
    const test = await create();
    const fromLive = await stripe(
      'GET',
      `/v1/payment_intents/${String(test.body.id)}`,
      {},
      {
        key: LIVE_KEY,
      },
    );
    expect(fromLive.status).toBe(404);
    expect(fromLive.body.error?.message).toContain('a similar object exists in test mode');
    const live = await create({}, { key: LIVE_KEY });
    expect(live.body.livemode).toBe(true);
    const liveCard = await stripe(
      'POST',
      `/v1/payment_intents/${String(live.body.id)}/confirm`,
      { payment_method: 'pm_card_visa' },
      { key: LIVE_KEY },
    );
    expect(liveCard.status).toBe(402);
    expect(liveCard.body.error).toMatchObject({
      type: 'card_error',
      decline_code: 'live_mode_test_card',
    });
  });
});

describe('parameters', () => {
  it('refuses an unknown parameter before a missing one, naming it', async () => {
    const response = await stripe('POST', '/v1/payment_intents', { amount: 2000, colour: 'red' });
    expect(response.status).toBe(400);
    expect(response.body.error).toEqual({
      code: 'parameter_unknown',
      doc_url: 'https://stripe.com/docs/error-codes/parameter-unknown',
      message: 'Received unknown parameter: colour',
      param: 'colour',
      type: 'invalid_request_error',
    });
  });

  it.each([
    [{ currency: 'usd' }, 'parameter_missing', 'amount', 'Missing required param: amount.'],
    [
      { amount: 'ten', currency: 'usd' },
      'parameter_invalid_integer',
      'amount',
      'Invalid integer: ten',
    ],
    [
      { amount: 20, currency: 'usd' },
      'amount_too_small',
      'amount',
      'Amount must be at least $0.50 usd',
    ],
    [
      { amount: 20, currency: 'gbp' },
      'amount_too_small',
      'amount',
      'Amount must be at least £0.30 gbp',
    ],
    [
      { amount: 100_000_000, currency: 'usd' },
      'amount_too_large',
      'amount',
      'Amount must be no more than $999,999.99',
    ],
    [
      { amount: 2000, currency: 'usd', capture_method: 'later' },
      'parameter_invalid_string',
      'capture_method',
      undefined,
    ],
  ])('refuses %j with %s', async (form, code, param, message) => {
    const response = await stripe('POST', '/v1/payment_intents', form);
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ type: 'invalid_request_error', code, param });
    if (message) expect(response.body.error?.message).toBe(message);
  });

  it('refuses a JSON body: Stripe takes forms', async () => {
    const response = await fetch(`${base}/v1/payment_intents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 2000, currency: 'usd' }),
    });
    expect(response.status).toBe(400);
  });

  it('keeps metadata as strings, and refuses a statement descriptor for cards', async () => {
    const intent = await create({ 'metadata[order]': 'o-1', 'metadata[empty]': '' });
    expect(intent.body.metadata).toEqual({ order: 'o-1' });
    const long = await create({ [`metadata[${'k'.repeat(41)}]`]: 'v' });
    expect(long.status).toBe(400);
    const descriptor = await create({ statement_descriptor: 'CONTRAIL' });
    expect(descriptor.body.error?.param).toBe('statement_descriptor');
  });

  it('refuses card numbers sent to it', async () => {
    const intent = await create();
    const response = await stripe('POST', `/v1/payment_intents/${String(intent.body.id)}/confirm`, {
      'payment_method_data[type]': 'card',
      'payment_method_data[card][number]': '4242424242424242',
    });
    expect(response.status).toBe(400);
    expect(response.body.error?.message).toMatch(/^Sending credit card numbers directly/);
  });

  it('answers an unknown path and an unknown object with 404', async () => {
    const path = await stripe('GET', '/v1/customers');
    expect(path.status).toBe(404);
    expect(path.body.error?.message).toMatch(/^Unrecognized request URL \(GET: \/v1\/customers\)/);
    const object = await stripe('GET', '/v1/payment_intents/pi_nothere');
    expect(object.status).toBe(404);
    expect(object.body.error).toMatchObject({
      code: 'resource_missing',
      message: "No such payment_intent: 'pi_nothere'",
      param: 'intent',
    });
  });
});

describe('PaymentIntents', () => {
  it('creates one shaped as Stripe’s, stamped with the sandbox’s clock', async () => {
    const { body } = await create({
      'metadata[contrail_payment]': 'pay_1',
      description: 'LHR-JFK',
    });
    expect(body).toMatchObject({
      object: 'payment_intent',
      amount: 2000,
      amount_capturable: 0,
      amount_received: 0,
      capture_method: 'manual',
      confirmation_method: 'automatic',
      created: now.getTime() / 1000,
      currency: 'usd',
      description: 'LHR-JFK',
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: { contrail_payment: 'pay_1' },
      next_action: null,
      payment_method: null,
      payment_method_types: ['card'],
      status: 'requires_payment_method',
    });
    expect(body.id).toMatch(/^pi_[A-Za-z0-9]{24}$/);
    expect(body.client_secret).toMatch(new RegExp(`^${String(body.id)}_secret_[A-Za-z0-9]{25}$`));
  });

  it('holds, captures and reads back the charge of a manual-capture intent', async () => {
    const id = await held();
    const hold = await stripe('GET', `/v1/payment_intents/${id}`, { 'expand[0]': 'latest_charge' });
    expect(hold.body).toMatchObject({ status: 'requires_capture', amount_capturable: 2000 });
    const charge = hold.body.latest_charge as Record<string, unknown>;
    expect(charge).toMatchObject({
      object: 'charge',
      status: 'succeeded',
      paid: true,
      captured: false,
      amount_captured: 0,
      payment_intent: id,
      payment_method_details: {
        type: 'card',
        card: {
          brand: 'visa',
          last4: '4242',
          capture_before: now.getTime() / 1000 + 7 * 24 * 60 * 60,
        },
      },
    });
    expect(charge.id).toMatch(/^ch_/);
    expect(hold.body.payment_method).toMatch(/^pm_[A-Za-z0-9]{24}$/);

    const captured = await stripe('POST', `/v1/payment_intents/${id}/capture`);
    expect(captured.body).toMatchObject({
      status: 'succeeded',
      amount_capturable: 0,
      amount_received: 2000,
    });
    const after = await stripe('GET', `/v1/charges/${String(charge.id)}`);
    expect(after.body).toMatchObject({ captured: true, amount_captured: 2000, refunded: false });
  });

  it('captures part of a hold and releases the rest', async () => {
    const id = await held();
    const captured = await stripe('POST', `/v1/payment_intents/${id}/capture`, {
      amount_to_capture: 1500,
      'expand[]': 'latest_charge',
    });
    expect(captured.body).toMatchObject({
      amount_received: 1500,
      latest_charge: { amount_captured: 1500, amount_refunded: 500 },
    });
    const over = await stripe('POST', '/v1/refunds', { payment_intent: id, amount: 1501 });
    expect(over.body.error?.message).toBe(
      'Refund amount ($15.01) is greater than charge amount ($15.00)',
    );
  });

  it('takes each currency in its own minor units: whole yen, and fils ending in 0 for KWD', async () => {
    const yen = await held({ amount: 17103, currency: 'jpy' });
    const capturedYen = await stripe('POST', `/v1/payment_intents/${yen}/capture`);
    expect(capturedYen.body).toMatchObject({ amount_received: 17103, currency: 'jpy' });
    const odd = await create({ amount: 5124, currency: 'kwd' });
    expect(odd.status).toBe(400);
    expect(odd.body.error).toMatchObject({
      type: 'invalid_request_error',
      code: 'invalid_charge_amount',
      param: 'amount',
    });
    const kwd = await held({ amount: 5130, currency: 'kwd' });
    const partial = await stripe('POST', `/v1/payment_intents/${kwd}/capture`, {
      amount_to_capture: 5125,
    });
    expect(partial.status).toBe(400);
    expect(partial.body.error).toMatchObject({ param: 'amount_to_capture' });
    expect((await stripe('POST', `/v1/payment_intents/${kwd}/capture`)).status).toBe(200);
    const oddRefund = await stripe('POST', '/v1/refunds', { payment_intent: kwd, amount: 1235 });
    expect(oddRefund.status).toBe(400);
    expect(oddRefund.body.error).toMatchObject({ code: 'invalid_charge_amount', param: 'amount' });
    const refund = await stripe('POST', '/v1/refunds', { payment_intent: kwd, amount: 1240 });
    expect(refund.body).toMatchObject({ object: 'refund', amount: 1240, currency: 'kwd' });
  });

  it('answers a card refusal with 402, the refused intent, its charge and payment method', async () => {
    const intent = await create();
    const id = String(intent.body.id);
    const refused = await stripe('POST', `/v1/payment_intents/${id}/confirm`, {
      payment_method: 'pm_card_chargeDeclinedInsufficientFunds',
    });
    expect(refused.status).toBe(402);
    const error = refused.body.error ?? {};
    expect(error).toMatchObject({
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
      doc_url: 'https://stripe.com/docs/error-codes/card-declined',
      payment_intent: {
        id,
        status: 'requires_payment_method',
        payment_method: null,
        last_payment_error: { code: 'card_declined', decline_code: 'insufficient_funds' },
      },
      payment_method: { object: 'payment_method', card: { last4: '9995' } },
    });
    expect(error.charge).toMatch(/^ch_/);
    const charge = await stripe('GET', `/v1/charges/${String(error.charge)}`);
    expect(charge.body).toMatchObject({
      status: 'failed',
      failure_code: 'card_declined',
      outcome: { network_status: 'declined_by_network', reason: 'insufficient_funds' },
    });
  });

  it.each([
    [
      'pm_card_chargeDeclined',
      '0002',
      'card_declined',
      'generic_decline',
      'Your card was declined.',
    ],
    [
      'pm_card_chargeDeclinedInsufficientFunds',
      '9995',
      'card_declined',
      'insufficient_funds',
      'Your card has insufficient funds.',
    ],
    [
      'pm_card_chargeDeclinedLostCard',
      '9987',
      'card_declined',
      'lost_card',
      'Your card was declined.',
    ],
    [
      'pm_card_chargeDeclinedStolenCard',
      '9979',
      'card_declined',
      'stolen_card',
      'Your card was declined.',
    ],
    [
      'pm_card_chargeDeclinedExpiredCard',
      '0069',
      'expired_card',
      'expired_card',
      'Your card has expired.',
    ],
    [
      'pm_card_chargeDeclinedIncorrectCvc',
      '0127',
      'incorrect_cvc',
      'incorrect_cvc',
      "Your card's security code is incorrect.",
    ],
    [
      'pm_card_chargeDeclinedProcessingError',
      '0119',
      'processing_error',
      'processing_error',
      'An error occurred while processing your card. Try again in a little bit.',
    ],
  ])('declines %s (…%s) with 402 %s / %s', async (pm, last4, code, declineCode, message) => {
    const refused = await create({ confirm: true, payment_method: pm });
    expect(refused.status).toBe(402);
    expect(refused.body.error).toMatchObject({
      type: 'card_error',
      code,
      decline_code: declineCode,
      message,
      doc_url: `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}`,
      payment_intent: { status: 'requires_payment_method', last_payment_error: { code } },
      payment_method: { card: { last4 } },
    });
  });

  it('asks for 3-D Secure 2 with pm_card_threeDSecure2Required, for Stripe.js without a return URL', async () => {
    const intent = await create({ confirm: true, payment_method: 'pm_card_threeDSecure2Required' });
    expect(intent.body).toMatchObject({
      status: 'requires_action',
      next_action: { type: 'use_stripe_sdk' },
    });
    const id = String(intent.body.id);
    const done = await stripe('POST', `/_sandbox/payment_intents/${id}/authenticate`);
    expect(done.body).toMatchObject({ status: 'requires_capture' });
    const pm = await stripe('GET', `/v1/payment_methods/${String(done.body.payment_method)}`);
    expect(pm.body).toMatchObject({ card: { last4: '3220' } });
  });

  it('refuses to capture or cancel in the wrong state, with Stripe’s messages and the intent', async () => {
    const unpaid = String((await create()).body.id);
    const capture = await stripe('POST', `/v1/payment_intents/${unpaid}/capture`);
    expect(capture.status).toBe(400);
    expect(capture.body.error).toMatchObject({
      code: 'payment_intent_unexpected_state',
      message:
        'This PaymentIntent could not be captured because it has a status of requires_payment_method. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.',
      payment_intent: { id: unpaid, status: 'requires_payment_method' },
    });
    const paid = await held();
    await stripe('POST', `/v1/payment_intents/${paid}/capture`);
    const cancel = await stripe('POST', `/v1/payment_intents/${paid}/cancel`);
    expect(cancel.body.error?.message).toBe(
      'You cannot cancel this PaymentIntent because it has a status of succeeded. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.',
    );
    const confirm = await stripe('POST', `/v1/payment_intents/${paid}/confirm`, {
      payment_method: 'pm_card_visa',
    });
    expect(confirm.body.error?.code).toBe('payment_intent_unexpected_state');
  });

  it('releases a cancelled hold as a refund of its uncaptured charge', async () => {
    const id = await held();
    const canceled = await stripe('POST', `/v1/payment_intents/${id}/cancel`, {
      cancellation_reason: 'abandoned',
      'expand[0]': 'latest_charge',
    });
    expect(canceled.body).toMatchObject({
      status: 'canceled',
      cancellation_reason: 'abandoned',
      canceled_at: now.getTime() / 1000,
      amount_capturable: 0,
      latest_charge: { captured: false, refunded: true, amount_refunded: 2000 },
    });
  });

  it('lets a hold lapse after its lifetime, as card authorisations do', async () => {
    const id = await held();
    now = new Date(now.getTime() + 7 * DAY - 1000);
    expect((await stripe('GET', `/v1/payment_intents/${id}`)).body.status).toBe('requires_capture');
    now = new Date(now.getTime() + 1000);
    const lapsed = await stripe('GET', `/v1/payment_intents/${id}`);
    expect(lapsed.body).toMatchObject({ status: 'canceled', cancellation_reason: 'automatic' });
    const capture = await stripe('POST', `/v1/payment_intents/${id}/capture`);
    expect(capture.body.error?.message).toContain('has a status of canceled');
    const events = await stripe('GET', '/v1/events', { limit: 2 });
    expect((events.body.data as { type: string }[]).map((e) => e.type)).toEqual([
      'payment_intent.canceled',
      'charge.expired',
    ]);
  });

  it('asks for 3-D Secure with pm_card_authenticationRequired, and sends the browser back after', async () => {
    const intent = await create({
      confirm: true,
      payment_method: 'pm_card_authenticationRequired',
      return_url: 'https://skyhop.example/checkout/return?step=pay',
    });
    expect(intent.body).toMatchObject({
      status: 'requires_action',
      latest_charge: null,
      next_action: {
        type: 'redirect_to_url',
        redirect_to_url: { return_url: 'https://skyhop.example/checkout/return?step=pay' },
      },
    });
    const url = (intent.body.next_action as { redirect_to_url: { url: string } }).redirect_to_url
      .url;
    expect(url.startsWith(`${base}/_sandbox/3d_secure?`)).toBe(true);
    expect((await fetch(url)).status).toBe(200);
    expect((await fetch(url.replace(/secret_\w+/, 'secret_wrong'))).status).toBe(404);

    const form = new URL(url).searchParams;
    form.set('outcome', 'succeed');
    const back = await fetch(`${base}/_sandbox/3d_secure`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    expect(back.status).toBe(303);
    const location = new URL(back.headers.get('location') ?? '');
    expect(location.origin + location.pathname).toBe('https://skyhop.example/checkout/return');
    expect(Object.fromEntries(location.searchParams)).toEqual({
      step: 'pay',
      payment_intent: intent.body.id,
      payment_intent_client_secret: intent.body.client_secret,
      redirect_status: 'succeeded',
    });
    const after = await stripe('GET', `/v1/payment_intents/${String(intent.body.id)}`, {
      'expand[]': 'latest_charge',
    });
    expect(after.body).toMatchObject({
      status: 'requires_capture',
      next_action: null,
      latest_charge: {
        payment_method_details: { card: { three_d_secure: { result: 'authenticated' } } },
      },
    });
  });

  it('lets Stripe.js read and confirm an intent with a publishable key and its client secret', async () => {
    const intent = await create();
    const id = String(intent.body.id);
    const pk = 'pk_test_sandboxWireTests0000';
    const without = await stripe('GET', `/v1/payment_intents/${id}`, {}, { key: pk });
    expect(without.status).toBe(400);
    const read = await stripe(
      'GET',
      `/v1/payment_intents/${id}`,
      { client_secret: String(intent.body.client_secret) },
      { key: pk },
    );
    expect(read.status).toBe(200);
    const confirmed = await stripe(
      'POST',
      `/v1/payment_intents/${id}/confirm`,
      { client_secret: String(intent.body.client_secret), payment_method: 'pm_card_visa' },
      { key: pk },
    );
    expect(confirmed.body.status).toBe('requires_capture');
    const capture = await stripe('POST', `/v1/payment_intents/${id}/capture`, {}, { key: pk });
    expect(capture.status).toBe(401);
  });
});

describe('idempotency', () => {
  it('replays the first answer for the same key and parameters', async () => {
    const first = await create({ 'metadata[a]': '1' }, { idempotencyKey: 'k-1' });
    const again = await create({ 'metadata[a]': '1' }, { idempotencyKey: 'k-1' });
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(again.headers.get('idempotency-key')).toBe('k-1');
    const list = await stripe('GET', '/v1/payment_intents');
    expect(list.body.data).toHaveLength(1);
  });

  it('refuses the key with other parameters, or on another endpoint', async () => {
    await create({}, { idempotencyKey: 'k-2' });
    const other = await create({ amount: 2001 }, { idempotencyKey: 'k-2' });
    expect(other.status).toBe(400);
    expect(other.body.error).toEqual({
      message:
        "Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than 'k-2' if you meant to execute a different request.",
      type: 'idempotency_error',
    });
    const elsewhere = await stripe(
      'POST',
      '/v1/refunds',
      { payment_intent: 'pi_x' },
      {
        idempotencyKey: 'k-2',
      },
    );
    expect(elsewhere.body.error).toMatchObject({ type: 'idempotency_error' });
  });

  it('replays a card refusal, which changed the intent, rather than trying the card again', async () => {
    const id = String((await create()).body.id);
    const path = `/v1/payment_intents/${id}/confirm`;
    const form = { payment_method: 'pm_card_chargeDeclined' };
    const first = await stripe('POST', path, form, { idempotencyKey: 'k-3' });
    const again = await stripe('POST', path, form, { idempotencyKey: 'k-3' });
    expect(again.status).toBe(402);
    expect(again.body).toEqual(first.body);
    const charges = await stripe('GET', `/v1/payment_intents/${id}`, {}, { version: '2020-08-27' });
    expect((charges.body.charges as { data: unknown[] }).data).toHaveLength(1);
  });

  it('keeps nothing for a request refused while its parameters were read', async () => {
    const bad = await create({ amount: 'x' }, { idempotencyKey: 'k-4' });
    expect(bad.status).toBe(400);
    const fixed = await create({}, { idempotencyKey: 'k-4' });
    expect(fixed.status).toBe(200);
  });

  it('keeps keys for a day, per mode', async () => {
    const first = await create({}, { idempotencyKey: 'k-5' });
    const live = await create({}, { idempotencyKey: 'k-5', key: LIVE_KEY });
    expect(live.body.id).not.toBe(first.body.id);
    now = new Date(now.getTime() + DAY + 1000);
    const later = await create({}, { idempotencyKey: 'k-5' });
    expect(later.body.id).not.toBe(first.body.id);
  });
});

describe('refunds', () => {
  it('refunds what is left by default, names the charge and refuses a second full refund', async () => {
    const id = await held();
    await stripe('POST', `/v1/payment_intents/${id}/capture`);
    const refund = await stripe('POST', '/v1/refunds', {
      payment_intent: id,
      reason: 'requested_by_customer',
      'metadata[why]': 'cancelled',
    });
    expect(refund.body).toMatchObject({
      object: 'refund',
      amount: 2000,
      currency: 'usd',
      payment_intent: id,
      reason: 'requested_by_customer',
      status: 'succeeded',
      metadata: { why: 'cancelled' },
    });
    expect(refund.body.id).toMatch(/^re_/);
    const again = await stripe('POST', '/v1/refunds', { payment_intent: id });
    expect(again.body.error).toMatchObject({
      code: 'charge_already_refunded',
      message: `Charge ${String(refund.body.charge)} has already been refunded.`,
    });
    const read = await stripe('GET', `/v1/refunds/${String(refund.body.id)}`, {
      'expand[0]': 'charge',
    });
    expect(read.body.charge).toMatchObject({ refunded: true, amount_refunded: 2000 });
  });

  it('refuses more than is left, an unknown reason, and a hold not captured', async () => {
    const id = await held();
    await stripe('POST', `/v1/payment_intents/${id}/capture`);
    await stripe('POST', '/v1/refunds', { payment_intent: id, amount: 500 });
    const over = await stripe('POST', '/v1/refunds', { payment_intent: id, amount: 1501 });
    expect(over.status).toBe(400);
    expect(over.body.error).toMatchObject({
      param: 'amount',
      message: 'Refund amount ($15.01) is greater than unrefunded amount on charge ($15.00)',
    });
    const reason = await stripe('POST', '/v1/refunds', { payment_intent: id, reason: 'because' });
    expect(reason.body.error?.param).toBe('reason');
    const hold = await held();
    const uncaptured = await stripe('POST', '/v1/refunds', { payment_intent: hold });
    expect(uncaptured.body.error?.message).toBe(
      `This PaymentIntent (${hold}) does not have a successful charge to refund.`,
    );
    const list = await stripe('GET', '/v1/refunds', { payment_intent: id });
    expect(list.body.data).toHaveLength(1);
  });
});

describe('lists and search', () => {
  async function intentsOverTime(count: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < count; i += 1) {
      ids.push(String((await create({ amount: 1000 + i })).body.id));
      now = new Date(now.getTime() + 1000);
    }
    return ids;
  }

  it('lists newest first, by created, a page at a time in both directions', async () => {
    const ids = await intentsOverTime(5);
    const start = new Date('2026-11-20T10:00:00.000Z').getTime() / 1000;
    const firstPage = await stripe('GET', '/v1/payment_intents', { limit: 2 });
    expect(firstPage.body).toMatchObject({
      object: 'list',
      has_more: true,
      url: '/v1/payment_intents',
    });
    const ids1 = (firstPage.body.data as { id: string }[]).map((i) => i.id);
    expect(ids1).toEqual([ids[4], ids[3]]);
    const next = await stripe('GET', '/v1/payment_intents', {
      limit: 2,
      starting_after: ids1[1] ?? '',
    });
    expect((next.body.data as { id: string }[]).map((i) => i.id)).toEqual([ids[2], ids[1]]);
    const back = await stripe('GET', '/v1/payment_intents', {
      limit: 2,
      ending_before: ids[1] ?? '',
    });
    expect((back.body.data as { id: string }[]).map((i) => i.id)).toEqual([ids[3], ids[2]]);
    const older = await stripe('GET', '/v1/payment_intents', {
      'created[lt]': start + 2,
      'created[gte]': start + 1,
    });
    expect((older.body.data as { id: string }[]).map((i) => i.id)).toEqual([ids[1]]);
    const tooMany = await stripe('GET', '/v1/payment_intents', { limit: 101 });
    expect(tooMany.body.error?.param).toBe('limit');
    const unknownCursor = await stripe('GET', '/v1/payment_intents', { starting_after: 'pi_gone' });
    expect(unknownCursor.status).toBe(404);
  });

  it('searches by metadata and status, in pages', async () => {
    const [a, b, c] = await intentsOverTime(3);
    await stripe('POST', `/v1/payment_intents/${a ?? ''}/confirm`, {
      payment_method: 'pm_card_visa',
    });
    for (const id of [a, b]) {
      await stripe('GET', `/v1/payment_intents/${id ?? ''}`);
    }
    const tagged = await create({ 'metadata[contrail_payment]': 'pay_9' });
    const byMetadata = await stripe('GET', '/v1/payment_intents/search', {
      query: "metadata['contrail_payment']:'pay_9'",
    });
    expect(byMetadata.body).toMatchObject({
      object: 'search_result',
      has_more: false,
      next_page: null,
      url: '/v1/payment_intents/search',
    });
    expect((byMetadata.body.data as { id: string }[]).map((i) => i.id)).toEqual([tagged.body.id]);

    const byStatus = await stripe('GET', '/v1/payment_intents/search', {
      query: "status:'requires_capture'",
    });
    expect((byStatus.body.data as { id: string }[]).map((i) => i.id)).toEqual([a]);

    const page1 = await stripe('GET', '/v1/payment_intents/search', {
      query: "status:'requires_payment_method'",
      limit: 2,
      'expand[]': 'total_count',
    });
    expect(page1.body).toMatchObject({ has_more: true, total_count: 3 });
    const page2 = await stripe('GET', '/v1/payment_intents/search', {
      query: "status:'requires_payment_method'",
      limit: 2,
      page: String(page1.body.next_page),
    });
    expect((page2.body.data as { id: string }[]).map((i) => i.id)).toEqual([b]);
    expect(c).toBeDefined();

    const bad = await stripe('GET', '/v1/payment_intents/search', { query: "email:'x'" });
    expect(bad.status).toBe(400);
  });

  it('finds a new intent only after the search delay it was given', async () => {
    const lagging = createStripeServer({ clock: () => now, apiKeys: KEYS, searchDelayMs: 30_000 });
    const url = await lagging.listen();
    try {
      const search = () =>
        fetch(`${url}/v1/payment_intents/search?query=${encodeURIComponent("currency:'usd'")}`, {
          headers: { authorization: `Bearer ${KEY}` },
        }).then((r) => r.json() as Promise<{ data: unknown[] }>);
      await fetch(`${url}/v1/payment_intents`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${KEY}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'amount=2000&currency=usd',
      });
      expect((await search()).data).toHaveLength(0);
      now = new Date(now.getTime() + 30_000);
      expect((await search()).data).toHaveLength(1);
    } finally {
      await lagging.close();
    }
  });
});

describe('webhooks', () => {
  const SECRET = 'whsec_sandboxWireTestsSecret';
  let receiver: Server;
  let url: string;
  let posts: { body: string; signature: string; status: number }[];
  let failFirst: number;

  beforeAll(async () => {
    receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        const status = failFirst > 0 ? 500 : 200;
        failFirst -= 1;
        posts.push({ body, signature: String(request.headers['stripe-signature']), status });
        response.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  });

  beforeEach(async () => {
    posts = [];
    failFirst = 0;
    await sandbox.close();
    sandbox = createStripeServer({
      clock: () => now,
      apiKeys: KEYS,
      webhook: { url, secret: SECRET, retryDelaysMs: [5, 5] },
    });
    base = await sandbox.listen();
  });

  it('signs each event as Stripe does: t=<seconds>,v1=HMAC-SHA256(secret, "t.body")', async () => {
    await held();
    await sandbox.webhooksIdle();
    expect(posts.map((p) => (JSON.parse(p.body) as { type: string }).type)).toEqual([
      'payment_intent.created',
      'charge.succeeded',
      'payment_intent.amount_capturable_updated',
    ]);
    for (const post of posts) {
      const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(post.signature);
      expect(match?.[1]).toBe(String(now.getTime() / 1000));
      const expected = createHmac('sha256', SECRET)
        .update(`${match?.[1] ?? ''}.${post.body}`)
        .digest('hex');
      expect(match?.[2]).toBe(expected);
    }
    const event = JSON.parse(posts[2]?.body ?? '{}') as Record<string, unknown>;
    expect(event).toMatchObject({
      object: 'event',
      api_version: DEFAULT_API_VERSION,
      livemode: false,
      pending_webhooks: 1,
      data: { object: { object: 'payment_intent', status: 'requires_capture' } },
    });
    const stored = await stripe('GET', `/v1/events/${String(event.id)}`);
    expect(stored.body).toMatchObject({
      id: event.id,
      type: 'payment_intent.amount_capturable_updated',
    });
  });

  it('retries a delivery the endpoint failed, and reports every attempt', async () => {
    failFirst = 2;
    await create();
    await sandbox.webhooksIdle();
    expect(posts.map((p) => p.status)).toEqual([500, 500, 200]);
    const deliveries = await stripe('GET', '/_sandbox/webhook_deliveries');
    expect(deliveries.body.data).toMatchObject([
      {
        type: 'payment_intent.created',
        state: 'delivered',
        attempts: [{ status: 500 }, { status: 500 }, { status: 200 }],
      },
    ]);
  });

  it('resends an event on request, and posts only the events the endpoint wants', async () => {
    const intent = await create();
    await sandbox.webhooksIdle();
    const [created] = posts;
    const id = (JSON.parse(created?.body ?? '{}') as { id: string }).id;
    const resent = await stripe('POST', `/_sandbox/events/${id}/resend`);
    expect(resent.status).toBe(200);
    await sandbox.webhooksIdle();
    expect(posts).toHaveLength(2);
    expect(JSON.parse(posts[1]?.body ?? '{}')).toMatchObject({ id });
    expect(intent.status).toBe(200);

    await sandbox.close();
    posts = [];
    sandbox = createStripeServer({
      clock: () => now,
      apiKeys: KEYS,
      webhook: { url, secret: SECRET, enabledEvents: ['payment_intent.canceled'] },
    });
    base = await sandbox.listen();
    const id2 = await held();
    await stripe('POST', `/v1/payment_intents/${id2}/cancel`);
    await sandbox.webhooksIdle();
    expect(posts.map((p) => (JSON.parse(p.body) as { type: string }).type)).toEqual([
      'payment_intent.canceled',
    ]);
  });

  it('sends a dispute for pm_card_createDispute once captured, and for the dispute helper', async () => {
    const id = await held({ payment_method: 'pm_card_createDispute' });
    await stripe('POST', `/v1/payment_intents/${id}/capture`);
    const other = await held();
    await stripe('POST', `/v1/payment_intents/${other}/capture`);
    const helper = await stripe('POST', `/_sandbox/payment_intents/${other}/dispute`, {
      reason: 'product_not_received',
    });
    expect(helper.body).toMatchObject({ object: 'dispute', reason: 'product_not_received' });
    await sandbox.webhooksIdle();
    const disputes = posts
      .map((p) => JSON.parse(p.body) as { type: string; data: { object: Record<string, unknown> } })
      .filter((event) => event.type === 'charge.dispute.created')
      .map((event) => event.data.object);
    expect(disputes).toMatchObject([
      { payment_intent: id, reason: 'fraudulent', status: 'needs_response' },
      { payment_intent: other, reason: 'product_not_received' },
    ]);
    const refund = await stripe('POST', '/v1/refunds', { payment_intent: id });
    expect(refund.body.error?.code).toBe('charge_disputed');
  });

  const sent = () =>
    posts.map(
      (p) =>
        JSON.parse(p.body) as {
          type: string;
          livemode: boolean;
          data: { object: Record<string, unknown>; previous_attributes?: Record<string, unknown> };
        },
    );

  it('refunds from outside (as the dashboard does): refund.created and a cumulative charge.refunded', async () => {
    const id = await held();
    await stripe('POST', `/v1/payment_intents/${id}/capture`);
    await sandbox.webhooksIdle();
    posts = [];
    const first = await stripe('POST', `/_sandbox/payment_intents/${id}/refund`, { amount: 500 });
    expect(first.body).toMatchObject({ object: 'refund', amount: 500, metadata: {} });
    await stripe('POST', `/_sandbox/payment_intents/${id}/refund`);
    await sandbox.webhooksIdle();
    const events = sent();
    expect(events.map((event) => event.type)).toEqual([
      'refund.created',
      'charge.refunded',
      'refund.created',
      'charge.refunded',
    ]);
    expect(events.every((event) => !event.livemode)).toBe(true);
    expect(events[1]?.data.object).toMatchObject({ amount_refunded: 500, refunded: false });
    expect(events[3]?.data).toMatchObject({
      object: { amount_refunded: 2000, refunded: true },
      previous_attributes: { amount_refunded: 500 },
    });
    const again = await stripe('POST', `/_sandbox/payment_intents/${id}/refund`);
    expect(again.body.error).toMatchObject({ code: 'charge_already_refunded' });
  });

  it('plays a dispute through: evidence, then lost or won, with Stripe’s events', async () => {
    const id = await held();
    await stripe('POST', `/v1/payment_intents/${id}/capture`);
    const dispute = await stripe('POST', `/_sandbox/payment_intents/${id}/dispute`, {
      reason: 'product_not_received',
    });
    const disputeId = String(dispute.body.id);
    const evidence = await stripe('POST', `/_sandbox/disputes/${disputeId}/submit_evidence`);
    expect(evidence.body).toMatchObject({
      status: 'under_review',
      evidence_details: { has_evidence: true, submission_count: 1 },
    });
    const lost = await stripe('POST', `/_sandbox/disputes/${disputeId}/close`, { outcome: 'lost' });
    expect(lost.body).toMatchObject({ status: 'lost' });
    const again = await stripe('POST', `/_sandbox/disputes/${disputeId}/close`, { outcome: 'won' });
    expect(again.status).toBe(400);
    const read = await stripe('GET', `/v1/disputes/${disputeId}`);
    expect(read.body).toMatchObject({ id: disputeId, status: 'lost', payment_intent: id });
    expect((await stripe('GET', `/v1/disputes/${disputeId}`, {}, { key: LIVE_KEY })).status).toBe(
      404,
    );

    const other = await held();
    await stripe('POST', `/v1/payment_intents/${other}/capture`);
    const second = String(
      (await stripe('POST', `/_sandbox/payment_intents/${other}/dispute`)).body.id,
    );
    expect(
      (await stripe('POST', `/_sandbox/disputes/${second}/close`, { outcome: 'won' })).body,
    ).toMatchObject({ status: 'won' });
    await sandbox.webhooksIdle();
    const disputeEvents = sent().filter((event) => event.type.startsWith('charge.dispute.'));
    expect(disputeEvents.map((event) => [event.type, event.data.object.status])).toEqual([
      ['charge.dispute.created', 'needs_response'],
      ['charge.dispute.funds_withdrawn', 'needs_response'],
      ['charge.dispute.updated', 'under_review'],
      ['charge.dispute.closed', 'lost'],
      ['charge.dispute.created', 'needs_response'],
      ['charge.dispute.funds_withdrawn', 'needs_response'],
      ['charge.dispute.closed', 'won'],
      ['charge.dispute.funds_reinstated', 'won'],
    ]);
    expect(disputeEvents[2]?.data.previous_attributes).toEqual({ status: 'needs_response' });
  });
});
