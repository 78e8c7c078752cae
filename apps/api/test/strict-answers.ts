// Every answer a test's app sends is held to its route's response schema, strictly: it must
// parse, and parsing it must change nothing, so a field the schema does not list (an extra
// column, a provider's own field) fails the test that made the answer, whichever test that is.
import { isDeepStrictEqual } from 'node:util';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { RouteOptions, onSendHookHandler } from 'fastify';
import { z } from 'zod';

/** The answers of the current test that broke their schema, as messages. */
const problems: string[] = [];

function bodyOf(payload: unknown, encoding: unknown): string | null {
  let bytes: Buffer;
  if (typeof payload === 'string') bytes = Buffer.from(payload);
  else if (Buffer.isBuffer(payload)) bytes = payload;
  else return null;
  if (encoding === 'br') bytes = brotliDecompressSync(bytes);
  else if (encoding === 'gzip') bytes = gunzipSync(bytes);
  return bytes.toString('utf8');
}

/** What is wrong with `body` as an answer of `schema`, or null. */
export function strictProblem(schema: z.ZodType, body: unknown): string | null {
  const parsed = schema.safeParse(body);
  if (!parsed.success) return z.prettifyError(parsed.error);
  // The schema drops what it does not list: what parsing changed is what it does not allow.
  const again: unknown = JSON.parse(JSON.stringify(parsed.data));
  return isDeepStrictEqual(again, body) ? null : 'it holds fields its schema does not list';
}

/**
 * Adds to each route, as it is registered, a check of its answers against its response
 * schema for their status (`onRoute` of `buildApp`).
 */
export function checkAnswers(route: RouteOptions): void {
  const responses = (route.schema?.response ?? {}) as Record<string, unknown>;
  const check: onSendHookHandler = (request, reply, payload, done) => {
    const schema = responses[String(reply.statusCode)];
    const type = String(reply.getHeader('content-type') ?? '');
    if (schema instanceof z.ZodType && type.startsWith('application/json')) {
      const text = bodyOf(payload, reply.getHeader('content-encoding'));
      if (text !== null) {
        const problem = strictProblem(schema, JSON.parse(text));
        if (problem) {
          problems.push(`${request.method} ${route.url} ${reply.statusCode}: ${problem}`);
        }
      }
    }
    done(null, payload);
  };
  const own = route.onSend;
  route.onSend = own ? [...(Array.isArray(own) ? own : [own]), check] : [check];
}

/** The problems found since the last call, emptied. */
export function takeAnswerProblems(): string[] {
  return problems.splice(0);
}
