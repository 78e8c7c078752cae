// A worker behind the front door, for front-door.process.test.ts: serves handed connections and
// blocks its event loop for BLOCK_MS when told to (a busy or stuck worker).
import Fastify from 'fastify';
import { acceptHandedConnections } from '../../src/front-door';

const app = Fastify();
app.post('/api/echo', async (request) => ({ pid: process.pid, body: request.body }));
app.get('/api/who', async () => ({ pid: process.pid }));
await app.listen({ port: 0, host: '127.0.0.1', exclusive: true });
acceptHandedConnections(app.server);
process.on('message', (message: unknown) => {
  if (message !== 'block') return;
  const until = Date.now() + Number(process.env.BLOCK_MS ?? 600);
  while (Date.now() < until) {
    // Busy, as a worker stuck in a long task.
  }
});
process.send?.('ready');
