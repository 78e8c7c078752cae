/**
 * Serves the sandbox over HTTP as a Duffel-compatible API, for the Duffel adapter to run against
 * without the network:
 *
 *   npm run sandbox:duffel -- --port 4010 [--host 127.0.0.1] [--currency GBP] [--token duffel_test_x]
 *     [--latency 3000] [--offers 200] [--rate-limit 120]
 *
 * --latency holds each offer request this many milliseconds (0 by default; 3000 is a busy Duffel),
 * --offers answers each offer request with this many offers where the route has flights,
 * --rate-limit answers 429 past this many requests a minute per token (600 by default).
 *
 * then start Contrail with DUFFEL_TEST_TOKEN=duffel_test_… and DUFFEL_API_URL=http://127.0.0.1:4010.
 */
import { parseArgs } from 'node:util';
import { createDuffelServer } from '../src/duffel-server';
import { isSupportedCurrency } from '../src/money';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4010' },
    host: { type: 'string', default: '127.0.0.1' },
    currency: { type: 'string', default: 'USD' },
    token: { type: 'string', multiple: true },
    latency: { type: 'string', default: '0' },
    offers: { type: 'string' },
    'rate-limit': { type: 'string', default: '600' },
  },
});

const latency = Number(values.latency);
if (!Number.isInteger(latency) || latency < 0) {
  console.error(`--latency must be a whole number of milliseconds, not ${values.latency}`);
  process.exit(2);
}
const offers = values.offers === undefined ? undefined : Number(values.offers);
if (offers !== undefined && (!Number.isInteger(offers) || offers < 0)) {
  console.error(`--offers must be a whole number of offers, not ${String(values.offers)}`);
  process.exit(2);
}

const rateLimit = Number(values['rate-limit']);
if (!Number.isInteger(rateLimit) || rateLimit < 0) {
  console.error(
    `--rate-limit must be a whole number of requests a minute, not ${values['rate-limit']}`,
  );
  process.exit(2);
}

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a port number, not ${values.port}`);
  process.exit(2);
}
const currency = values.currency.toUpperCase();
if (!isSupportedCurrency(currency)) {
  console.error(`--currency must be one the sandbox prices in, not ${values.currency}`);
  process.exit(2);
}

const server = createDuffelServer({
  currency,
  ...(values.token ? { tokens: values.token } : {}),
  offerRequestLatencyMs: latency,
  rateLimit: { limit: rateLimit, windowMs: 60_000 },
  ...(offers === undefined ? {} : { offersPerRequest: offers }),
});
const url = await server.listen(port, values.host);
console.log(
  `Duffel-compatible sandbox on ${url} (prices in ${currency}; offer requests take ${String(latency)} ms more` +
    `${offers === undefined ? '' : `, ${String(offers)} offers each`}; ${String(rateLimit)} requests a minute)`,
);
console.log(`Point Contrail at it: DUFFEL_API_URL=${url} DUFFEL_TEST_TOKEN=duffel_test_local`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void server.close().then(() => process.exit(0));
  });
}
