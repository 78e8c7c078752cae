import { isUtf8 } from 'node:buffer';
import { errorCodes } from '@contrail/contracts/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, badRequest } from '../lib/app-error';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Text fields of the JSON body that may hold line breaks and tabs (a message, an address), as
     * dotted paths; `*` stands for any array index. Every other string takes neither.
     */
    multilineFields?: readonly string[];
  }
}

/** Deeper than any request of the contract nests (a passenger's document is four levels). */
const MAX_BODY_DEPTH = 32;

export const inputMessages = {
  controlCharacters: 'The request contains characters that are not allowed',
  fieldControlCharacters: 'Contains characters that are not allowed',
  badEncoding: 'The request address is not correctly encoded',
  tooDeep: 'The request body is nested too deeply',
  paramTooLong: 'The request address is too long',
  badHost: 'The Host header does not name a host',
  duplicateHost: 'The request has more than one Host header',
  duplicateForwardedHost: 'The request has more than one X-Forwarded-Host header or value',
} as const;

// C0 controls, DEL and C1 controls: no text a traveller types holds them, and PostgreSQL refuses
// NUL in text outright (which answered 500).
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex -- as above, less tab, line feed and carriage return
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
// A surrogate with no partner (JSON's `\ud800` escape parses to one) is no character at all:
// PostgreSQL refuses it in jsonb (22P02, which answered 500) and a text column would keep U+FFFD
// in its place. Noncharacters (U+FFFE, U+FDD0…) it stores, but no text a traveller types holds
// one and HTML counts them as errors. With the `u` flag a pair is one code point, so only a lone
// half is `Cs`.
const NOT_TEXT = /[\p{Cs}\p{Noncharacter_Code_Point}]/u;
const PERCENT_RUN = /(?:%[0-9a-f]{2})+/gi;

/** Whether a string of the request holds a character it may not: `lines` lets line breaks by. */
function refusedText(value: string, lines = false): boolean {
  return (lines ? CONTROL_BUT_LINES : CONTROL).test(value) || NOT_TEXT.test(value);
}

const invalidCharacters = (fields?: Record<string, string>): AppError =>
  badRequest(inputMessages.controlCharacters, fields, errorCodes.invalidCharacters);

/**
 * The URL with its %-escapes decoded, for checking only; a `%` not followed by two hex digits
 * stays as it is (as the query parser reads it). Null where the escapes are not UTF-8.
 */
function decodedUrl(url: string): string | null {
  try {
    return url.replace(PERCENT_RUN, (run) => decodeURIComponent(run));
  } catch {
    return null;
  }
}

function allowsLines(path: (string | number)[], patterns: readonly string[]): boolean {
  return patterns.some((pattern) => {
    const parts = pattern.split('.');
    return (
      parts.length === path.length &&
      parts.every(
        (part, i) => part === String(path[i]) || (part === '*' && typeof path[i] === 'number'),
      )
    );
  });
}

/**
 * The first problem in a parsed JSON body: a control character, lone surrogate or noncharacter
 * in a string or key, or depth.
 */
function bodyProblem(
  value: unknown,
  multiline: readonly string[],
  path: (string | number)[] = [],
): AppError | null {
  if (typeof value === 'string') {
    if (!refusedText(value, allowsLines(path, multiline))) return null;
    return invalidCharacters({ [path.join('.') || '_']: inputMessages.fieldControlCharacters });
  }
  if (typeof value !== 'object' || value === null) return null;
  if (path.length >= MAX_BODY_DEPTH) {
    return new AppError(400, errorCodes.badRequest, inputMessages.tooDeep);
  }
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.map((item, index) => [index, item])
    : Object.entries(value);
  for (const [key, item] of entries) {
    if (typeof key === 'string' && refusedText(key)) return invalidCharacters();
    const problem = bodyProblem(item, multiline, [...path, key]);
    if (problem) return problem;
  }
  return null;
}

/** A host name or IP address, with a port perhaps: what a Host header may hold (RFC 9110). */
const HOST = /^(?:[a-z0-9_](?:[a-z0-9_.-]{0,251}[a-z0-9_.])?|\[[0-9a-f:.]{2,45}\])(?::\d{1,5})?$/i;

/**
 * Refuses a Host (or trusted X-Forwarded-Host) that is no host, or none at all (HTTP/1.0 may
 * leave it out): the brand, links in e-mails, robots.txt and canonical links are all built from
 * it, and a value such as `a.example, b.example` made `new URL` throw (500).
 */
function hostProblem(host: string | undefined): AppError | null {
  return typeof host === 'string' && HOST.test(host)
    ? null
    : new AppError(400, errorCodes.badRequest, inputMessages.badHost);
}

/** The values of the header lines named `name` (in lower case), one per line sent. */
function headerLines(rawHeaders: readonly string[], name: string): string[] {
  return rawHeaders.filter((_, i) => i % 2 === 1 && rawHeaders[i - 1]?.toLowerCase() === name);
}

/**
 * Refuses two Host headers (Node keeps the first, a proxy in front may have read the last), and,
 * where X-Forwarded-Host is trusted, more than one of it: Fastify would take the last value of
 * several without a word, and the brand and every link are built from the one it takes.
 */
function duplicateHostProblem(
  rawHeaders: readonly string[],
  forwardedHostTrusted: boolean,
): AppError | null {
  if (headerLines(rawHeaders, 'host').length > 1) {
    return new AppError(400, errorCodes.badRequest, inputMessages.duplicateHost);
  }
  if (!forwardedHostTrusted) return null;
  const forwarded = headerLines(rawHeaders, 'x-forwarded-host');
  return forwarded.length > 1 || forwarded.some((value) => value.includes(','))
    ? new AppError(400, errorCodes.badRequest, inputMessages.duplicateForwardedHost)
    : null;
}

/**
 * Refuses the URL of a request whose path or query holds a control character, a noncharacter or
 * bad escapes. A URL reaches us as ASCII (Node refuses other bytes in it), so a surrogate can only
 * come %-escaped, and its escapes (`%ED%A0%80`) are not UTF-8.
 */
function urlProblem(url: string): AppError | null {
  const decoded = decodedUrl(url);
  if (decoded === null) return new AppError(400, errorCodes.badRequest, inputMessages.badEncoding);
  return refusedText(decoded) ? invalidCharacters() : null;
}

type JsonParser = ReturnType<FastifyInstance['getDefaultJsonParser']>;
type ParserDone = (error: Error | null, body?: unknown) => void;

/**
 * Fastify's JSON parser, after a check that the body is UTF-8: decoding it as it comes would put
 * U+FFFD in place of each bad byte (a surrogate's three bytes among them), and store that.
 */
function utf8JsonParser(parseJson: JsonParser) {
  return (request: FastifyRequest, body: Buffer, done: ParserDone): void => {
    if (!isUtf8(body)) {
      done(invalidCharacters(), undefined);
      return;
    }
    const parsed = parseJson(request, body.toString('utf8'), done);
    // Fastify's parser answers through `done`; its type allows a promise too.
    if (parsed instanceof Promise) {
      parsed.then(
        (value: unknown) => done(null, value),
        (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
      );
    }
  };
}

/**
 * Fastify's `frameworkErrors`: what the router refuses before any hook runs (a path whose
 * %-escapes are not UTF-8, an over-long path parameter) answers in the API's envelope, without
 * echoing the path back.
 */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? inputMessages.paramTooLong
      : inputMessages.badEncoding;
  void reply
    .status(400)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send({ error: { code: errorCodes.badRequest, message } });
}

/**
 * Hostile input stops at the edge, in one place, with a 400: a Host that names no host, two Host
 * headers (or, from a trusted proxy, two X-Forwarded-Host values), control characters, lone
 * surrogates and noncharacters in the path, the query or any string or key of a JSON body (line
 * breaks and tabs only in the fields a route names in `multilineFields`), %-escapes and bodies
 * that are not UTF-8, and bodies nested deeper than any request of the contract. Host and URL
 * are checked before anything else looks at the request; the body after it is parsed, which
 * happens only once the route has authorised the caller.
 */
export const inputGuardPlugin = fp(
  (
    app: FastifyInstance,
    { trustsPeer }: { trustsPeer: (address: string | undefined) => boolean },
    done: () => void,
  ) => {
    // Prototype keys are refused, as Fastify's own options refuse them by default.
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, utf8JsonParser(parseJson));
    app.addHook('onRequest', (request, _reply, next) => {
      const { rawHeaders, socket } = request.raw;
      next(
        urlProblem(request.url) ??
          duplicateHostProblem(rawHeaders, trustsPeer(socket.remoteAddress)) ??
          hostProblem(request.host) ??
          undefined,
      );
    });
    app.addHook('preValidation', (request: FastifyRequest, _reply, next) => {
      if (request.body === undefined || request.body === null) {
        next();
        return;
      }
      next(
        bodyProblem(request.body, request.routeOptions.config.multilineFields ?? []) ?? undefined,
      );
    });
    done();
  },
  { name: 'input-guard' },
);
