import { stdSerializers } from 'pino';

/**
 * What never reaches a log line, whatever the path redaction of `plugins/logging.ts` misses: a
 * failed query's parameters (they held password hashes, passport numbers, dates of birth, e-mail
 * addresses and phone numbers), and, on every line, values that look secret wherever they sit.
 */

const REDACTED = '[redacted]';

/**
 * Keys whose values are personal or secret at any depth (path redaction stops at a fixed depth).
 * `to`, the recipient of an e-mail, stays: the e-mail log names it on purpose.
 */
const SECRET_KEYS = [
  'password',
  'currentPassword',
  'newPassword',
  'confirmPassword',
  'passwordHash',
  'password_hash',
  'token',
  'passportNumber',
  'passport_number',
  'passportExpiryDate',
  'dateOfBirth',
  'date_of_birth',
  'bornOn',
  'born_on',
  'phone',
  'email',
  'contactEmail',
  'contact_email',
  'frequentFlyerNumber',
  'cardNumber',
  'cvv',
  'cvc',
];

const JSON_VALUE = String.raw`(?:"(?:[^"\\]|\\.)*"|-?\d[\d.eE+-]*|true|false|null)`;
const SECRET_KEY_VALUE = new RegExp(`"(${SECRET_KEYS.join('|')})":${JSON_VALUE}`, 'g');
const STRING_LITERAL = /"(?:[^"\\]|\\.)*"/g;
/** An argon2 hash in its PHC form. */
const ARGON2 = /\$argon2(?:id|i|d)\$[^"\\\s]*/g;
/**
 * 13 to 19 digits, perhaps grouped by spaces or dashes: a card number. Not part of a longer token
 * (letters, digits, dots or dashes on either side): a request id's digits are not a card. The
 * line is JSON, so a card at the start of a line of a message follows an escape (`\n`, `\t`):
 * that letter does not make it part of a token.
 */
const CARD_LIKE = /(?:(?<=\\[bfnrt])|(?<![\w.-]))\d(?:[ -]?\d){12,18}(?![\w.-])/g;

/**
 * Scrubs one serialised log line (pino's `hooks.streamWrite`): values of secret keys at any depth,
 * and argon2 hashes and card-like digit runs inside any string. Numbers outside strings (the time)
 * are left alone.
 */
export function scrubLogLine(line: string): string {
  return line
    .replace(SECRET_KEY_VALUE, (_match, key: string) => `"${key}":"${REDACTED}"`)
    .replace(STRING_LITERAL, (literal) =>
      literal.replace(ARGON2, REDACTED).replace(CARD_LIKE, REDACTED),
    );
}

export interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

interface FailedQuery extends Error {
  query: string;
  params: unknown;
}

function isFailedQuery(error: unknown): error is FailedQuery {
  return (
    error instanceof Error &&
    typeof (error as Partial<FailedQuery>).query === 'string' &&
    'params' in error
  );
}

/** What a database error may say in a log: its code and names, never the values it quotes. */
function databaseCause(cause: unknown): Record<string, unknown> | undefined {
  if (!(cause instanceof Error)) return undefined;
  const fields = cause as Error & Record<string, unknown>;
  const code = typeof fields.code === 'string' ? fields.code : undefined;
  // Data exceptions (class 22) quote the value they refused ('invalid input syntax for type
  // date: "…"'); `detail` and `where` quote whole rows and keys ('Failing row contains (…)').
  const quotesValues = code === undefined || code.startsWith('22');
  const described: Record<string, unknown> = {
    type: cause.constructor.name,
    message: quotesValues ? cause.message.replace(/"[^"]*"/g, `"${REDACTED}"`) : cause.message,
  };
  for (const key of ['code', 'severity', 'constraint', 'table', 'column', 'routine']) {
    if (typeof fields[key] === 'string') described[key] = fields[key];
  }
  return described;
}

/**
 * pino's `err` serializer, except for a failed query (Drizzle's DrizzleQueryError): its message
 * and stack carry every parameter, so it is logged as the SQL, the count of parameters and the
 * database's code and names, with the stack frames.
 */
export function serializeError(error: Error): SerializedError {
  if (!isFailedQuery(error)) return stdSerializers.err(error);
  const count = Array.isArray(error.params) ? error.params.length : 0;
  const heading = `Failed query: ${error.query}`;
  const stack = error.stack ?? '';
  const frames = stack.includes('\n    at ') ? stack.slice(stack.indexOf('\n    at ')) : '';
  const cause = databaseCause(error.cause);
  return {
    type: error.constructor.name,
    message: cause ? `${heading}: ${String(cause.message)}` : heading,
    stack: `${error.constructor.name}: ${heading}${frames}`,
    query: error.query,
    params: `${String(count)} withheld`,
    ...(cause ? { cause } : {}),
  };
}
