import { randomBytes } from 'node:crypto';

const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

function randomString(length: number): string {
  let text = '';
  // 248 is the largest multiple of 62 below 256: rejecting the rest keeps every letter equally likely.
  while (text.length < length) {
    for (const byte of randomBytes(length)) {
      if (byte < 248 && text.length < length) text += alphabet.charAt(byte % 62);
    }
  }
  return text;
}

/** Stripe's ids: a type prefix and 24 letters and digits (`pi_3MtwBwLkdIwHu7ix28a3tqPa`). */
export const newId = (prefix: string) => `${prefix}_${randomString(24)}`;

/** A PaymentIntent's client secret: its id, `_secret_` and 25 more characters. */
export const newClientSecret = (intentId: string) => `${intentId}_secret_${randomString(25)}`;

export const newRequestId = () => `req_${randomString(14)}`;
