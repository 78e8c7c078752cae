/**
 * `npm run sandbox:stripe -- --port 12111 --api-key sk_test_… [--host 127.0.0.1] [--webhook-url URL --webhook-secret
 * whsec_… [--webhook-events a,b]]`: the Stripe sandbox in the foreground until SIGINT or SIGTERM.
 */
import { parseArgs } from 'node:util';
import { createStripeServer } from './server';

const usage =
  'Usage: npm run sandbox:stripe -- --port N --api-key sk_test_… [--api-key sk_live_…] [--host 127.0.0.1] [--webhook-url URL --webhook-secret whsec_… [--webhook-events type,type]]';

function fail(message: string): never {
  console.error(`${message}\n${usage}`);
  process.exit(2);
}

let values;
try {
  ({ values } = parseArgs({
    options: {
      port: { type: 'string' },
      'api-key': { type: 'string', multiple: true },
      host: { type: 'string', default: '127.0.0.1' },
      'webhook-url': { type: 'string' },
      'webhook-secret': { type: 'string' },
      'webhook-events': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  }));
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}

if (values.help) {
  console.log(usage);
  process.exit(0);
}

const port = Number(values.port ?? 'x');
if (!Number.isInteger(port) || port < 0 || port > 65535) fail('--port must be a port number');
const apiKeys = values['api-key'] ?? [];
if (apiKeys.length === 0 || apiKeys.some((key) => !/^sk_(test|live)_[A-Za-z0-9_]{8,}$/.test(key))) {
  fail('--api-key: the secret key(s) the sandbox accepts, sk_test_… or sk_live_…');
}
const url = values['webhook-url'];
const secret = values['webhook-secret'];
if ((url === undefined) !== (secret === undefined)) {
  fail('--webhook-url and --webhook-secret go together');
}
if (secret !== undefined && !secret.startsWith('whsec_'))
  fail('--webhook-secret must start with whsec_');
if (url !== undefined && !URL.canParse(url)) fail('--webhook-url must be a URL');

const sandbox = createStripeServer({
  apiKeys,
  ...(url !== undefined && secret !== undefined
    ? {
        webhook: {
          url,
          secret,
          ...(values['webhook-events']
            ? { enabledEvents: values['webhook-events'].split(',').map((type) => type.trim()) }
            : {}),
        },
      }
    : {}),
  // The path only: a query can carry a client secret, which is never logged.
  onRequest: ({ method, path, status }) => console.log(`${method} ${path} ${status}`),
});

const base = await sandbox.listen(port, values.host);
// The signing secret is never printed; the endpoint's address is.
console.log(
  `Stripe sandbox listening on ${base} (STRIPE_API_URL=${base})${url ? `; webhooks to ${url}` : ''}`,
);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void sandbox.close().then(() => process.exit(0));
  });
}
