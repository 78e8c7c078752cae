import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Duffel's webhook signature: `X-Duffel-Signature: t=<unix seconds>,v1=<hex>`, where `v1` is the
 * HMAC-SHA256 (hex) of `"<t>.<raw body>"` keyed with the endpoint's secret as Duffel shows it.
 * Checked on the bytes received, before any JSON parsing.
 */

/** A webhook that is unsigned, signed with another secret, altered, too old or from the future. */
export class DuffelSignatureError extends Error {
  override readonly name = 'DuffelSignatureError';
}

/** How far a signature's time may be from ours, either way, against replays of a captured event. */
const TOLERANCE_SECONDS = 300;

const HEADER = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/;

/**
 * Throws a `DuffelSignatureError` unless the header signs this body with this secret within five
 * minutes of `now` (the app's clock). The error's message says why, never the body or the secret.
 */
export function checkDuffelSignature(
  rawBody: Buffer,
  header: string | string[] | undefined,
  secret: string,
  now: () => Date,
): void {
  if (typeof header !== 'string' || header === '') {
    throw new DuffelSignatureError('The webhook has no X-Duffel-Signature header');
  }
  const parts = HEADER.exec(header.trim().toLowerCase());
  if (!parts) throw new DuffelSignatureError('The X-Duffel-Signature header is not t=…,v1=…');
  const [, timestamp = '', signature = ''] = parts;
  const expected = createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest();
  const given = Buffer.from(signature, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new DuffelSignatureError('The signature does not match the body');
  }
  // The time is signed with the body, so only now, with the signature good, is it Duffel's.
  const skewSeconds = Math.abs(now().getTime() / 1000 - Number(timestamp));
  if (!(skewSeconds <= TOLERANCE_SECONDS)) {
    throw new DuffelSignatureError('The signature is not from within five minutes of now');
  }
}
