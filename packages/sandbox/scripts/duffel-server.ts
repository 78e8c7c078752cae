/**
 * Serves the sandbox over HTTP as a Duffel-compatible API, for the Duffel adapter to run against
 * without the network:
 *
 *   npm run sandbox:duffel -- --port 4010 [--host 127.0.0.1] [--currency GBP] [--token duffel_test_x]
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
  },
});

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
});
const url = await server.listen(port, values.host);
console.log(`Duffel-compatible sandbox on ${url} (prices in ${currency})`);
console.log(`Point Contrail at it: DUFFEL_API_URL=${url} DUFFEL_TEST_TOKEN=duffel_test_local`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void server.close().then(() => process.exit(0));
  });
}
