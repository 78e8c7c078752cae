// A server of several processes as `npm start` makes one (src/server.ts), with a small app, for
// cluster-supervision.process.test.ts: the primary supervises two workers (src/cluster.ts) that
// share PORT through node:cluster; each worker serves, beats, and drains on the primary's word.
import cluster from 'node:cluster';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { serveAsWorker, superviseWorkers } from '../../src/cluster';
import { followConnections } from '../../src/lib/http-connections';

if (cluster.isPrimary) {
  const shutdown = new Promise<NodeJS.Signals>((resolve) => {
    process.once('SIGTERM', () => resolve('SIGTERM'));
  });
  const code = await superviseWorkers({
    workers: 2,
    exec: fileURLToPath(import.meta.url),
    shutdown,
    log: (level, message, details) =>
      process.stderr.write(`${JSON.stringify({ level, message, ...details })}\n`),
    onListening: () => process.stdout.write('listening\n'),
    stuckAfterMs: Number(process.env.STUCK_AFTER_MS ?? 10_000),
  });
  process.exit(code);
} else {
  const app = Fastify();
  followConnections(app.server);
  app.get('/api/health', async () => ({ pid: process.pid }));
  app.get('/api/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    return { pid: process.pid };
  });
  // Answers, then keeps its event loop busy for `ms` (a worker stuck in a long task).
  app.get<{ Querystring: { ms: string } }>('/api/block', async (request, reply) => {
    const ms = Number(request.query.ms);
    reply.raw.once('finish', () => {
      const until = Date.now() + ms;
      while (Date.now() < until) {
        // Busy.
      }
    });
    return { pid: process.pid };
  });
  const drain = serveAsWorker();
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
  await drain;
  await followConnections(app.server).drain();
  await app.close();
  process.exit(0);
}
