import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fetchCurrentUser } from '../features/auth/api/get-current-user';
import { apiErrorResponse, jsonResponse, stubFetch } from '../test/fetch-stub';
import {
  ApiError,
  apiRequest,
  apiSend,
  ResponseParseError,
  setBrandHeader,
  UNKNOWN_ERROR_CODE,
} from './api-client';

const pingSchema = z.object({ ok: z.boolean() });

describe('apiRequest', () => {
  it('sends cookies and JSON, and parses the answer with the schema', async () => {
    const requests = stubFetch({ 'POST /api/ping': () => jsonResponse({ ok: true, extra: 1 }) });

    const result = await apiRequest('/api/ping', pingSchema, { method: 'POST', body: { a: 1 } });

    expect(result).toEqual({ ok: true });
    expect(requests).toHaveLength(1);
    expect(requests[0]?.credentials).toBe('include');
    expect(requests[0]?.headers.get('content-type')).toBe('application/json');
    expect(requests[0]?.headers.get('accept')).toBe('application/json');
    expect(requests[0]?.body).toEqual({ a: 1 });
  });

  it('sends X-Brand only once boot has set it', async () => {
    const requests = stubFetch({ 'GET /api/ping': () => jsonResponse({ ok: true }) });

    await apiRequest('/api/ping', pingSchema);
    setBrandHeader('skyline');
    await apiRequest('/api/ping', pingSchema);

    expect(requests[0]?.headers.has('x-brand')).toBe(false);
    expect(requests[1]?.headers.get('x-brand')).toBe('skyline');
  });

  it("raises '{status}: {message}' from the API's error envelope, keeping code and fields", async () => {
    stubFetch({
      'POST /api/ping': () =>
        jsonResponse(
          {
            error: {
              code: 'validation_failed',
              message: 'Please enter a valid email address',
              fields: { email: 'Please enter a valid email address' },
            },
          },
          { status: 400, statusText: 'Bad Request' },
        ),
    });

    const error = await apiRequest('/api/ping', pingSchema, { method: 'POST', body: {} }).catch(
      (e: unknown) => e,
    );

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: '400: Please enter a valid email address',
      status: 400,
      code: 'validation_failed',
      serverMessage: 'Please enter a valid email address',
      fields: { email: 'Please enter a valid email address' },
    });
  });

  it('keeps the details the client acts on, such as the current price after a 409', async () => {
    stubFetch({
      'POST /api/ping': () =>
        jsonResponse(
          {
            error: {
              code: 'amount_changed',
              message: 'The price has changed. Please review the new total before paying.',
              details: { amount: '912.00', currency: 'USD' },
            },
          },
          { status: 409, statusText: 'Conflict' },
        ),
    });

    const error = await apiRequest('/api/ping', pingSchema, { method: 'POST', body: {} }).catch(
      (e: unknown) => e,
    );

    expect(error).toMatchObject({
      status: 409,
      code: 'amount_changed',
      details: { amount: '912.00', currency: 'USD' },
    });
  });

  it('reads a code it does not know as unknown_error, keeping the message', async () => {
    stubFetch({
      'GET /api/ping': () =>
        jsonResponse({ error: { code: 'brand_new_code', message: 'Try later' } }, { status: 409 }),
    });

    const error = await apiRequest('/api/ping', pingSchema).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      code: UNKNOWN_ERROR_CODE,
      serverMessage: 'Try later',
    });
  });

  it('falls back to the body text, then to the status text', async () => {
    stubFetch({
      'GET /api/text': () => new Response('Upstream timed out', { status: 504 }),
      'GET /api/empty': () => new Response('', { status: 503, statusText: 'Service Unavailable' }),
    });

    await expect(apiRequest('/api/text', pingSchema)).rejects.toThrow('504: Upstream timed out');
    await expect(apiRequest('/api/empty', pingSchema)).rejects.toThrow('503: Service Unavailable');
  });

  it('never treats a 401 as success', async () => {
    stubFetch({
      'GET /api/bookings': () =>
        apiErrorResponse(401, 'not_authenticated', 'Not authenticated', 'Unauthorized'),
      'POST /api/payments/process-card': () =>
        apiErrorResponse(401, 'not_authenticated', 'Not authenticated', 'Unauthorized'),
    });

    await expect(apiRequest('/api/bookings', z.array(z.unknown()))).rejects.toMatchObject({
      status: 401,
      message: '401: Not authenticated',
    });
    await expect(
      apiSend('/api/payments/process-card', { method: 'POST', body: {} }),
    ).rejects.toBeInstanceOf(ApiError);
  });

  it('rejects a 2xx answer that does not match the contract instead of casting it', async () => {
    stubFetch({ 'GET /api/ping': () => jsonResponse({ ok: 'yes' }) });

    await expect(apiRequest('/api/ping', pingSchema)).rejects.toBeInstanceOf(ResponseParseError);
  });
});

describe('fetchCurrentUser', () => {
  it('reads a 401 as signed out', async () => {
    stubFetch({
      'GET /api/auth/user': () =>
        apiErrorResponse(401, 'not_authenticated', 'Not authenticated', 'Unauthorized'),
    });

    await expect(fetchCurrentUser()).resolves.toBeNull();
  });

  it('raises every other failure', async () => {
    stubFetch({
      'GET /api/auth/user': () => apiErrorResponse(500, 'internal_error', 'Internal Server Error'),
    });

    await expect(fetchCurrentUser()).rejects.toThrow('500: Internal Server Error');
  });
});
