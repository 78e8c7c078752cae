import { isApiErrorCode, type ApiErrorCode } from '@contrail/contracts/error-codes';
import { apiErrorReader, type Reader } from '@contrail/contracts/readers';
import { BRAND_HEADER } from '@contrail/contracts/site-keys';

/** The code of an answer that is not the API's error envelope (a proxy's page, a crash). */
export const UNKNOWN_ERROR_CODE = 'unknown_error';
export type ErrorCode = ApiErrorCode | typeof UNKNOWN_ERROR_CODE;

/**
 * A non-OK answer. `message` is the status, a colon, then the body's message or the status text.
 * Callers switch on `code` (the API's stable error code), never on the text.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly statusText: string;
  /** One of the API's codes, or UNKNOWN_ERROR_CODE for an answer that is not one. */
  readonly code: ErrorCode;
  /** The server's own message (or the status text), without the status prefix. */
  readonly serverMessage: string;
  readonly fields: Readonly<Record<string, string>> | undefined;
  /** Facts the client can act on, e.g. the current price after a 409 `amount_changed`. */
  readonly details: Readonly<Record<string, string>> | undefined;

  constructor(options: {
    status: number;
    statusText: string;
    code: ErrorCode;
    serverMessage: string;
    fields?: Record<string, string> | undefined;
    details?: Record<string, string> | undefined;
  }) {
    super(`${options.status}: ${options.serverMessage}`);
    this.status = options.status;
    this.statusText = options.statusText;
    this.code = options.code;
    this.serverMessage = options.serverMessage;
    this.fields = options.fields;
    this.details = options.details;
  }
}

/** A 2xx answer whose body does not match the expected contract. */
export class ResponseParseError extends Error {
  override readonly name = 'ResponseParseError';
  readonly path: string;

  constructor(path: string, cause: unknown) {
    super(`Unexpected response from ${path}`, { cause });
    this.path = path;
  }
}

let brandHeaderValue: string | null = null;

/**
 * On hosts that cannot name a brand (localhost, IP addresses) the API reads the brand from the
 * X-Brand header; boot sets it once from the resolved key. `null` sends no header.
 */
export function setBrandHeader(brandKey: string | null): void {
  brandHeaderValue = brandKey;
}

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface RequestOptions {
  method?: HttpMethod;
  /** Serialised as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const headers = new Headers({ Accept: 'application/json', ...options.headers });
  if (options.body !== undefined) headers.set('Content-Type', 'application/json');
  if (brandHeaderValue !== null) headers.set(BRAND_HEADER, brandHeaderValue);
  const response = await fetch(path, {
    method: options.method ?? 'GET',
    credentials: 'include',
    headers,
    body: options.body === undefined ? null : JSON.stringify(options.body),
    signal: options.signal ?? null,
  });
  if (!response.ok) throw await toApiError(response);
  return response;
}

async function toApiError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  const statusText = response.statusText;
  const envelope = apiErrorReader.safeParse(parseJson(text));
  if (envelope.success) {
    const { code, message, fields, details } = envelope.data.error;
    return new ApiError({
      status: response.status,
      statusText,
      // A code this build does not know (a newer server's) is handled as any unknown failure.
      code: isApiErrorCode(code) ? code : UNKNOWN_ERROR_CODE,
      serverMessage: message || statusText,
      fields,
      details,
    });
  }
  // Not our envelope (a proxy, a crash page): the body text, or else the status text.
  const plain = text.trim();
  const usable = plain !== '' && !plain.startsWith('<') && plain.length <= 300;
  return new ApiError({
    status: response.status,
    statusText,
    code: UNKNOWN_ERROR_CODE,
    serverMessage: usable ? plain : statusText || 'Request failed',
  });
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Sends a request and parses the JSON answer with `schema` (a zod schema, or a zod-free reader of
 * `@contrail/contracts/readers` in the entry chunk); throws ApiError on non-OK. The schema may
 * still be loading (a promise), so a request need not wait for a lazily imported contract.
 */
export async function apiRequest<T>(
  path: string,
  schema: Reader<T> | Promise<Reader<T>>,
  options: RequestOptions = {},
): Promise<T> {
  const response = await send(path, options);
  const text = await response.text();
  const parsed = (await schema).safeParse(parseJson(text));
  if (!parsed.success) throw new ResponseParseError(path, parsed.error);
  return parsed.data;
}

/** Sends a request whose answer carries nothing the client reads; throws ApiError on non-OK. */
export async function apiSend(path: string, options: RequestOptions = {}): Promise<void> {
  const response = await send(path, options);
  // Drain the body so the connection can be reused.
  await response.text().catch(() => '');
}
