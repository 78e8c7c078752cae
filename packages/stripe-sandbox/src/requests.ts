/**
 * How a request is read: its body (within a size), its parameters (a POST's form-encoded body,
 * else the query string), its headers, the API version it asks for and its idempotency key.
 */
import type { IncomingMessage } from 'node:http';
import { invalidParam, StripeApiError } from './errors';
import { parseForm, FormSyntaxError, type FormObject } from './form';

export function readBody(request: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(
          new StripeApiError(413, 'invalid_request_error', 'Request body too large.', {}, false),
        );
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/** The request's parameters: a POST's form-encoded body (no other type), else the query string. */
export function readParams(
  request: IncomingMessage,
  method: string,
  body: string,
  url: URL,
): FormObject {
  try {
    if (method === 'POST') {
      const type = request.headers['content-type'] ?? '';
      if (body !== '' && !type.startsWith('application/x-www-form-urlencoded')) {
        throw new StripeApiError(
          400,
          'invalid_request_error',
          'Invalid request: the body must be application/x-www-form-urlencoded, as Stripe takes it.',
          {},
          false,
        );
      }
      return parseForm(body);
    }
    return parseForm(url.search.slice(1));
  } catch (error) {
    if (error instanceof FormSyntaxError) throw invalidParam(error.message, error.key);
    throw error;
  }
}

/** An idempotency key is 1 to 255 characters long. */
export function checkIdempotencyKey(key: string): void {
  if (key.length > 255 || key.length === 0) {
    throw invalidParam(
      'Invalid idempotency key: it must be between 1 and 255 characters long.',
      'idempotency_key',
    );
  }
}

export function headerOf(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The API version a request asks for (`Stripe-Version`), else the account's own. */
export function apiVersionOf(header: string | undefined, accountVersion: string): string {
  if (header === undefined) return accountVersion;
  if (!/^\d{4}-\d{2}-\d{2}(\.[a-z]+)?$/.test(header)) {
    throw new StripeApiError(
      400,
      'invalid_request_error',
      `Invalid Stripe API version: ${header}`,
      {},
      false,
    );
  }
  return header;
}
