import { apiErrorSchema } from '@contrail/contracts/errors';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import type { DatabaseHandle } from '../../src/db/client';
import type { RouteSpec } from './route-table';
import { schemaArbitrary, type Hints } from './schema-arbitrary';

/**
 * Property-based fuzzing of every route: requests built from each route's contract, then bent in
 * the ways an attacker bends them. Whatever arrives, the server must never answer 5xx, never show
 * a stack trace or an internal name, and never change state while refusing (4xx).
 */

export const MUTATIONS = [
  'none',
  'wrong-type',
  'control-character',
  'lone-surrogate',
  'huge-string',
  'huge-number',
  'deep-nesting',
  'prototype-keys',
  'bad-encoding',
  'wrong-content-type',
  'missing-header',
  'duplicate-header',
  'truncated-json',
  'extra-keys',
  'empty-body',
  'cross-site',
] as const;
type Mutation = (typeof MUTATIONS)[number];

export type Identity = 'anonymous' | 'traveller' | 'admin';

interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  remoteAddress: string;
  identity: Identity;
  mutation: Mutation;
  route: string;
}

/** Names a body must never carry: stacks, files, SQL, the database and its drivers. */
const LEAKS: [string, RegExp][] = [
  ['stack frame', /\bat (?:async )?[\w$.<>[\]]+ \(|(?:\n|\\n)\s+at /],
  ['source file', /(?:\.ts|\.js|\.mjs):\d+|node_modules|apps\/api\/src|\/work\//],
  ['SQL', /Failed query|(?:from|into|update|join) \\?"[a-z_]+\\?"/i],
  ['database', /postgres|pglite|drizzle|\bpg_|violates .* constraint/i],
  ['framework', /FST_ERR|SyntaxError|TypeError|RangeError|ReferenceError/],
];

/**
 * Tables a route may write while refusing. A booking attempt is kept with its answer under its
 * Idempotency-Key, so that a retry with the same key gets the same answer, refusal included;
 * with it, what triggers on bookings keep for the back office (its states, names and counts). A
 * booking look-up is kept whether or not it found one.
 */
const KEPT_ON_REFUSAL: Record<string, readonly string[]> = {
  'POST /api/bookings': ['bookings', 'booking_events', 'booking_passenger_names', 'booking_counts'],
  // Every retrieve-booking look-up let through the rate limit is kept for the inbox, "not found"
  // (404) included: those are the ones support most needs to see.
  'GET /api/bookings/lookup': ['enquiries'],
};

const rowsSchema = z.object({ rows: z.array(z.record(z.string(), z.unknown())) });

/**
 * Row counts of every table but the throttle counters, which count refused attempts on purpose.
 * One statement, so that a comparison costs one round trip.
 */
async function tableCounter(
  database: DatabaseHandle,
): Promise<() => Promise<Record<string, number>>> {
  const tables = rowsSchema
    .parse(
      await database.db.execute(
        sql`select tablename from pg_tables where schemaname = current_schema() order by tablename`,
      ),
    )
    .rows.map((row) => String(row.tablename))
    .filter((table) => table !== 'auth_throttle');
  const query = sql.raw(
    `select ${tables.map((table) => `(select count(*)::int from "${table}") as "${table}"`).join(', ')}`,
  );
  return async () => {
    const [row] = rowsSchema.parse(await database.db.execute(query)).rows;
    return Object.fromEntries(
      Object.entries(row ?? {}).map(([key, value]) => [key, Number(value)]),
    );
  };
}

interface Ingredients {
  route: RouteSpec;
  params: unknown;
  query: unknown;
  body: unknown;
  identity: Identity;
  remoteAddress: string;
  brand: string;
  mutation: Mutation;
  pick: number;
  target: 'path' | 'query' | 'body';
  character: string;
  /** A UTF-16 code unit from D800 to DFFF, and where it goes. */
  surrogate: number;
  surrogateAt: 'start' | 'middle' | 'end';
  surrogateInKey: boolean;
  hugeLength: number;
  hugeNumber: string;
  depth: number;
  wrongValue: unknown;
  contentType: string;
  wildcard: string[];
  idempotencyKey: string;
  cut: number;
}

const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/json, text/plain',
  'application/json-patch+json',
  'application/json;;;',
  '',
];
const HUGE_NUMBERS = [
  '1e308',
  '-1e308',
  '1e400',
  '99999999999999999999',
  '"99999999999999999999.00"',
  '9007199254740993',
  '-0',
  '0.1e-400',
  '"NaN"',
  '"Infinity"',
];
const BAD_ESCAPES = ['%E0%A4%A', '%FF', '%C0%80', '%ED%A0%80', '%', '%zz', '%F4%90%80%80'];
const BAD_BYTES = [
  Buffer.from([0xff, 0xfe]),
  Buffer.from([0xc0, 0x80]),
  Buffer.from([0xed, 0xa0, 0x80]),
  Buffer.from([0xe2, 0x82]),
];
const PROTOTYPE_KEYS = [
  '"__proto__":{"isAdmin":true}',
  '"constructor":{"prototype":{"isAdmin":true}}',
  '"prototype":{"isAdmin":true}',
  '"__proto__":null',
  '"hasOwnProperty":1',
  '"toString":"x"',
];
const CONTROL_CHARACTERS = [
  '\u0000',
  '\u0001',
  '\u0008',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u009b',
  '\n',
  '\t',
  '\r',
  // Noncharacters: valid UTF-8, but no text a traveller types holds one.
  '\ufffe',
  '\ufdd0',
  '\u{10ffff}',
];

/** A marker of URL-safe letters, put where a lone surrogate goes once the URL is built. */
const SURROGATE_MARK = 'zQloneQz';

/**
 * The %-escapes of a lone surrogate's three bytes in WTF-8 (`%ED%A0%80` for D800): what a client
 * sends for one in a URL, since no UTF-8 can say it.
 */
function surrogateEscape(unit: number): string {
  const bytes = [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)];
  return bytes.map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
}

function insertAt(text: string, at: 'start' | 'middle' | 'end', unit: string): string {
  const index = at === 'start' ? 0 : at === 'end' ? text.length : Math.ceil(text.length / 2);
  return `${text.slice(0, index)}${unit}${text.slice(index)}`;
}

/** Every path in a value that leads to a plain object. */
function objectSlots(value: unknown): (string | number)[][] {
  return slots(value).filter((path) => {
    let item: unknown = value;
    for (const key of path) item = (item as Record<string | number, unknown>)[key];
    return item !== null && typeof item === 'object' && !Array.isArray(item);
  });
}

/** The value with one key of one of its objects renamed by `rename` (or a key added). */
function renameKey(value: unknown, pick: number, rename: (key: string) => string): unknown {
  const objects = objectSlots(value);
  if (objects.length === 0) return { [rename('x')]: 1 };
  const path = pickOf(objects, pick);
  let item: unknown = value;
  for (const key of path) item = (item as Record<string | number, unknown>)[key];
  const entries = Object.entries(item as Record<string, unknown>);
  const renamed =
    entries.length === 0
      ? { [rename('x')]: 1 }
      : Object.fromEntries(
          entries.map(([key, inner], index) =>
            index === pick % entries.length ? [rename(key), inner] : [key, inner],
          ),
        );
  return replaceAt(value, path, renamed);
}

/** Every place in a value where another value can go, as paths of keys and indices. */
function slots(value: unknown, path: (string | number)[] = [], found: (string | number)[][] = []) {
  found.push(path);
  if (Array.isArray(value)) value.forEach((item, index) => slots(item, [...path, index], found));
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) slots(item, [...path, key], found);
  }
  return found;
}

function replaceAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    return value.map((item: unknown, index) =>
      index === head ? replaceAt(item, rest, replacement) : item,
    );
  }
  if (value !== null && typeof value === 'object' && head !== undefined) {
    return {
      ...(value as Record<string, unknown>),
      [head]: replaceAt((value as Record<string, unknown>)[head], rest, replacement),
    };
  }
  return replacement;
}

/** A marker that the JSON text of a body has in place of raw text spliced in afterwards. */
const SPLICE = '\u0000splice\u0000';

function pickOf<T>(items: readonly T[], pick: number): T {
  const item = items[pick % items.length];
  if (item === undefined) throw new Error('nothing to pick from');
  return item;
}

function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  return value === undefined ? '' : JSON.stringify(value);
}

function build(
  ingredients: Ingredients,
  cookies: Record<Identity, string | undefined>,
): FuzzRequest {
  const { route, mutation, pick, target } = ingredients;
  let params: Record<string, unknown> =
    ingredients.params !== null && typeof ingredients.params === 'object'
      ? { ...(ingredients.params as Record<string, unknown>) }
      : {};
  let query: Record<string, unknown> =
    ingredients.query !== null && typeof ingredients.query === 'object'
      ? { ...(ingredients.query as Record<string, unknown>) }
      : {};
  let body = ingredients.body;
  let splice: string | undefined;
  let headers: Record<string, string> = {
    host: 'localhost:3000',
    'sec-fetch-site': 'same-origin',
    'x-brand': ingredients.brand,
  };
  const cookie = cookies[ingredients.identity];
  if (cookie) headers.cookie = cookie;
  if (route.method === 'POST' && route.url === '/api/bookings') {
    headers['idempotency-key'] = ingredients.idempotencyKey;
  }
  let escape: string | undefined;
  let badBytes: Buffer | undefined;

  const mutateBody = (replacement: unknown) => {
    const places = slots(body);
    body = replaceAt(body, pickOf(places, pick), replacement);
  };
  const mutateText = (change: (text: string) => string) => {
    if (target === 'path' && Object.keys(params).length > 0) {
      const key = pickOf(Object.keys(params), pick);
      params = { ...params, [key]: change(textOf(params[key])) };
    } else if (target === 'query' || (target === 'path' && Object.keys(query).length > 0)) {
      const keys = Object.keys(query);
      const key = keys.length > 0 ? pickOf(keys, pick) : 'q';
      query = { ...query, [key]: change(textOf(query[key] ?? '')) };
    } else {
      const strings = slots(body).filter((path) => {
        let value: unknown = body;
        for (const key of path) value = (value as Record<string | number, unknown>)[key];
        return typeof value === 'string';
      });
      if (strings.length === 0) mutateBody(change('x'));
      else {
        const path = pickOf(strings, pick);
        let value: unknown = body;
        for (const key of path) value = (value as Record<string | number, unknown>)[key];
        body = replaceAt(body, path, change(String(value)));
      }
    }
  };

  switch (mutation) {
    case 'none':
      break;
    case 'wrong-type':
      mutateBody(ingredients.wrongValue);
      break;
    case 'control-character':
      mutateText((text) => {
        const at = pick % (text.length + 1);
        return `${text.slice(0, at)}${ingredients.character}${text.slice(at)}`;
      });
      break;
    case 'lone-surrogate': {
      // In a body, JSON's `\ud800` escape; in a URL, a marker that becomes the surrogate's
      // %-escapes once the URL is built (a URL carries nothing else: Node refuses raw bytes).
      const unit = target === 'body' ? String.fromCharCode(ingredients.surrogate) : SURROGATE_MARK;
      const insert = (text: string) => insertAt(text, ingredients.surrogateAt, unit);
      if (target === 'body' && ingredients.surrogateInKey) body = renameKey(body, pick, insert);
      else if (target !== 'body' && ingredients.surrogateInKey) {
        query = { ...query, [insert('k')]: 'x' };
      } else mutateText(insert);
      break;
    }
    case 'huge-string':
      mutateText(() => 'x'.repeat(target === 'body' ? ingredients.hugeLength : 9000));
      break;
    case 'huge-number':
      mutateBody(SPLICE);
      splice = pickOf(HUGE_NUMBERS, pick);
      if (target === 'query') query = { ...query, amount: splice.replaceAll('"', '') };
      break;
    case 'deep-nesting': {
      mutateBody(SPLICE);
      const open = pick % 2 === 0 ? '[' : '{"a":';
      const close = pick % 2 === 0 ? ']' : '}';
      splice = `${open.repeat(ingredients.depth)}1${close.repeat(ingredients.depth)}`;
      break;
    }
    case 'prototype-keys': {
      const objects = slots(body).filter((path) => {
        let value: unknown = body;
        for (const key of path) value = (value as Record<string | number, unknown>)[key];
        return value !== null && typeof value === 'object' && !Array.isArray(value);
      });
      if (objects.length === 0) body = { [SPLICE]: 1 };
      else {
        const path = pickOf(objects, pick);
        let value: unknown = body;
        for (const key of path) value = (value as Record<string | number, unknown>)[key];
        body = replaceAt(body, path, { [SPLICE]: 1, ...(value as Record<string, unknown>) });
      }
      splice = pickOf(PROTOTYPE_KEYS, pick);
      // Object.fromEntries makes `__proto__` an own key, as a query parser would.
      if (target === 'query') {
        query = Object.fromEntries([
          ...Object.entries(query),
          ['__proto__', 'x'],
          ['constructor', 'y'],
        ]);
      }
      break;
    }
    case 'bad-encoding':
      if (target === 'body') {
        badBytes = pickOf(BAD_BYTES, pick);
        mutateText((text) => `${text}${SPLICE}`);
      } else escape = pickOf(BAD_ESCAPES, pick);
      break;
    default:
      break;
  }

  const path = route.url
    .replace(/:(\w+)/g, (_match, name: string) => encodeURIComponent(textOf(params[name] ?? 'x')))
    .replace('*', ingredients.wildcard.map(encodeURIComponent).join('/'));
  const search = new URLSearchParams(
    Object.entries(query).map(([key, value]): [string, string] => [key, textOf(value)]),
  ).toString();
  let url = `${path}${search ? `?${search}` : ''}`;
  if (escape)
    url =
      target === 'path' ? `${path}${escape}${search ? `?${search}` : ''}` : `${path}?q=${escape}`;
  if (mutation === 'lone-surrogate') {
    url = url.replaceAll(SURROGATE_MARK, surrogateEscape(ingredients.surrogate));
  }

  const hasBody =
    !['GET', 'HEAD', 'OPTIONS', 'DELETE'].includes(route.method) || body !== undefined;
  let payload: string | Buffer | undefined;
  if (hasBody && route.method !== 'GET' && route.method !== 'HEAD') {
    let text = body === undefined ? '' : JSON.stringify(body);
    if (splice !== undefined) {
      const marker = JSON.stringify(SPLICE);
      text = text.includes(`${marker}:1`)
        ? text.replace(`${marker}:1`, splice)
        : text.replace(marker, splice);
    }
    if (badBytes) {
      const [before = '', after = ''] = text.split(SPLICE.replaceAll('\u0000', '\\u0000'));
      payload = Buffer.concat([Buffer.from(before), badBytes, Buffer.from(after)]);
    } else payload = text;
    headers['content-type'] = 'application/json';
  }

  switch (mutation) {
    case 'wrong-content-type':
      headers['content-type'] = ingredients.contentType;
      payload ??= 'a=1';
      break;
    case 'missing-header': {
      const names = [
        'content-type',
        'host',
        'sec-fetch-site',
        'x-brand',
        'idempotency-key',
        'cookie',
      ];
      const missing = pickOf(names, pick);
      headers = Object.fromEntries(Object.entries(headers).filter(([name]) => name !== missing));
      break;
    }
    case 'duplicate-header': {
      // As Node hands duplicates over: joined with a comma (cookies with a semicolon).
      const name = pickOf(
        ['x-brand', 'content-type', 'cookie', 'idempotency-key', 'x-forwarded-for', 'host'],
        pick,
      );
      const value = headers[name] ?? 'x';
      headers[name] = name === 'cookie' ? `${value}; ${value}` : `${value}, ${ingredients.brand}`;
      break;
    }
    case 'truncated-json':
      if (typeof payload === 'string')
        payload = payload.slice(0, ingredients.cut % (payload.length + 1));
      break;
    case 'extra-keys':
      if (typeof payload === 'string' && payload.startsWith('{') && payload.length > 2) {
        payload = `{"${ingredients.brand}":${textOf(ingredients.wrongValue) || 'null'},${payload.slice(1)}`;
      }
      break;
    case 'empty-body':
      payload = '';
      break;
    case 'cross-site':
      headers['sec-fetch-site'] = 'cross-site';
      break;
    default:
      break;
  }

  return {
    method: route.method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload }),
    remoteAddress: ingredients.remoteAddress,
    identity: ingredients.identity,
    mutation,
    route: `${route.method} ${route.url}`,
  };
}

export interface FuzzOptions {
  app: FastifyInstance;
  database: DatabaseHandle;
  routes: RouteSpec[];
  seed: number;
  runs: number;
  /** Session cookies to send as a signed-in traveller and as a stepped-up admin. */
  cookies: Record<Identity, string | undefined>;
  /** Values real requests carry, by field name (offer ids, airports), so some requests go deep. */
  hints?: Hints;
  /**
   * Whole bodies a real client would send, by route ("POST /api/bookings"), mixed with the
   * generated ones: a payment for a real offer at its price, a booking with a real payment, so
   * the mutations reach the code past validation.
   */
  examples?: Record<string, () => fc.Arbitrary<unknown>>;
}

export interface FuzzReport {
  seed: number;
  runs: number;
  routes: number;
  /** Requests per route ("POST /api/bookings"). */
  perRoute: Record<string, number>;
  /** Answers by status. */
  statuses: Record<string, number>;
  /** Answers by route and status ("POST /api/bookings" → {"201": 3, "409": 40}). */
  routeStatuses: Record<string, Record<string, number>>;
  mutations: Record<string, number>;
  /** Milliseconds spent per route, answers and row counts included. */
  msPerRoute: Record<string, number>;
  /** The slowest answers, to find what a budget is spent on. */
  slowest: { route: string; mutation: string; status: number; ms: number }[];
  failure: string | null;
}

/** A request as a failure names it: enough to replay it by hand. */
function describe(request: FuzzRequest): string {
  const body =
    typeof request.payload === 'string'
      ? JSON.stringify(request.payload.slice(0, 300))
      : request.payload
        ? `<${String(request.payload.length)} bytes>`
        : 'none';
  return [
    `${request.method} ${request.url.slice(0, 300)} (${request.mutation}, ${request.identity}, from ${request.remoteAddress})`,
    `headers ${JSON.stringify(request.headers)}`,
    `body ${body}`,
  ].join('\n  ');
}

/** What is wrong with an answer, or null. */
function problemOf(
  request: FuzzRequest,
  response: LightMyRequestResponse,
  changed: string[],
): string | null {
  if (response.statusCode >= 500) return `answered ${String(response.statusCode)}`;
  for (const [what, pattern] of LEAKS) {
    if (pattern.test(response.body))
      return `the body shows a ${what}: ${response.body.slice(0, 300)}`;
  }
  const kept = KEPT_ON_REFUSAL[request.route] ?? [];
  const written = changed.filter((table) => !kept.includes(table));
  if (response.statusCode >= 400 && written.length > 0) {
    return `refused with ${String(response.statusCode)} but changed ${written.join(', ')}`;
  }
  const json = String(response.headers['content-type']).includes('application/json');
  if (
    response.statusCode >= 400 &&
    request.url.startsWith('/api/') &&
    request.method !== 'HEAD' &&
    (!json || !apiErrorSchema.safeParse(JSON.parse(response.body)).success)
  ) {
    return `an error outside the envelope: ${response.body.slice(0, 300)}`;
  }
  return null;
}

function bodyArbitrary(
  route: RouteSpec,
  hints: Hints,
  example: (() => fc.Arbitrary<unknown>) | undefined,
): fc.Arbitrary<unknown> {
  if (!route.body) return fc.constant(undefined);
  const generated = schemaArbitrary(route.body, hints);
  return example ? fc.oneof(example(), generated) : generated;
}

/** Runs the property; resolves the report, with the shrunk counterexample in `failure`. */
export async function runFuzz(options: FuzzOptions): Promise<FuzzReport> {
  const { app, database, routes, seed, runs, cookies, hints = {}, examples = {} } = options;
  const count = await tableCounter(database);
  const report: FuzzReport = {
    seed,
    runs,
    routes: routes.length,
    perRoute: {},
    statuses: {},
    routeStatuses: {},
    mutations: {},
    msPerRoute: {},
    slowest: [],
    failure: null,
  };
  const ingredientsOf = (route: RouteSpec) =>
    fc.record({
      route: fc.constant(route),
      params: schemaArbitrary(route.params, hints),
      query: route.query ? schemaArbitrary(route.query, hints) : fc.constant({}),
      body: bodyArbitrary(route, hints, examples[`${route.method} ${route.url}`]),
      identity: fc.constantFrom<Identity>('anonymous', 'traveller', 'admin'),
      remoteAddress: fc.oneof(fc.constant('127.0.0.1'), fc.ipV4(), fc.ipV6()),
      brand: fc.constantFrom(
        'skyhop.localhost',
        'default',
        'no-such-brand.example',
        'x'.repeat(300),
      ),
      mutation: fc.constantFrom(...MUTATIONS),
      pick: fc.nat(),
      target: fc.constantFrom<'path' | 'query' | 'body'>('path', 'query', 'body'),
      character: fc.constantFrom(...CONTROL_CHARACTERS),
      surrogate: fc.oneof(
        fc.integer({ min: 0xd800, max: 0xdbff }),
        fc.integer({ min: 0xdc00, max: 0xdfff }),
      ),
      surrogateAt: fc.constantFrom<'start' | 'middle' | 'end'>('start', 'middle', 'end'),
      surrogateInKey: fc.boolean(),
      hugeLength: fc.integer({ min: 100_000, max: 1_100_000 }),
      hugeNumber: fc.constantFrom(...HUGE_NUMBERS),
      depth: fc.integer({ min: 33, max: 20_000 }),
      wrongValue: fc.oneof(
        fc.integer(),
        fc.double(),
        fc.boolean(),
        fc.constant(null),
        fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
        fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
        fc.string({ maxLength: 20 }),
      ),
      contentType: fc.constantFrom(...CONTENT_TYPES),
      wildcard: fc.array(fc.string({ minLength: 1, maxLength: 12 }), {
        minLength: 1,
        maxLength: 3,
      }),
      idempotencyKey: fc.oneof(fc.uuid(), fc.string({ maxLength: 300 })),
      cut: fc.nat(),
    });

  // The request being answered, to name it should it never be (a run over its time limit).
  let inFlight: FuzzRequest | undefined;
  const recent: FuzzRequest[] = [];
  let phase = '';
  const check = async (recipe: Parameters<typeof build>[0]) => {
    // The session of a signed-out request must not depend on what the recipe says.
    const request = build(
      recipe,
      recipe.route.url === '/api/auth/logout'
        ? { anonymous: undefined, traveller: undefined, admin: undefined }
        : cookies,
    );
    inFlight = request;
    recent.push(request);
    if (recent.length > 4) recent.shift();
    const started = performance.now();
    phase = 'counting rows before';
    const before = await count();
    phase = 'waiting for the answer';
    const response = await app.inject({
      method: request.method as 'GET',
      url: request.url,
      headers: request.headers,
      remoteAddress: request.remoteAddress,
      ...(request.payload === undefined ? {} : { payload: request.payload }),
    });
    phase = 'counting rows after';
    const after = await count();
    phase = 'checking';
    const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
    report.perRoute[request.route] = (report.perRoute[request.route] ?? 0) + 1;
    const ms = Math.round(performance.now() - started);
    report.msPerRoute[request.route] = (report.msPerRoute[request.route] ?? 0) + ms;
    report.slowest.push({
      route: request.route,
      mutation: request.mutation,
      status: response.statusCode,
      ms,
    });
    report.slowest.sort((a, b) => b.ms - a.ms);
    report.slowest.length = Math.min(report.slowest.length, 5);
    report.statuses[String(response.statusCode)] =
      (report.statuses[String(response.statusCode)] ?? 0) + 1;
    const byStatus = (report.routeStatuses[request.route] ??= {});
    byStatus[String(response.statusCode)] = (byStatus[String(response.statusCode)] ?? 0) + 1;
    report.mutations[request.mutation] = (report.mutations[request.mutation] ?? 0) + 1;
    const problem = problemOf(request, response, changed);
    if (problem) throw new Error(`${request.route}: ${problem}\n  ${describe(request)}`);
  };

  // Every route gets its share of the runs, each from a seed of its own: drawn from one pool, a
  // route could go untried (the pick is biased, and new routes move every later draw).
  const perRoute = Math.max(1, Math.ceil(runs / routes.length));
  let result: fc.RunDetails<[Ingredients]> | undefined;
  for (const [index, route] of routes.entries()) {
    result = await fc.check(fc.asyncProperty(ingredientsOf(route), check), {
      seed: seed + index,
      numRuns: perRoute,
      endOnFailure: process.env.FUZZ_SHRINK === '0',
      timeout: 20_000,
    });
    if (result.failed) break;
  }
  if (result?.failed) {
    const error = result.errorInstance;
    const detail = error instanceof Error ? error.message : String(error);
    const pending =
      /timeout/i.test(detail) && inFlight
        ? `\n  in flight (${phase}): ${describe(inFlight)}\n  after: ${recent
            .slice(0, -1)
            .map(describe)
            .join('\n  then: ')}`
        : '';
    report.failure = `${detail}${pending}\n${fc.defaultReportMessage(result) ?? ''}`;
  }
  return report;
}
