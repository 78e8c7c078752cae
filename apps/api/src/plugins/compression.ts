import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { COMPRESS_FROM, compressNow, preferredEncoding } from '../lib/json-answer';

const COMPRESSIBLE =
  /^(?:text\/|application\/(?:json|javascript|xml|manifest\+json)|image\/svg\+xml)|\+(?:json|xml)\b/;

function addVary(reply: FastifyReply, field: string): void {
  const current = reply.getHeader('vary');
  const list = Array.isArray(current) ? current.join(', ') : String(current ?? '');
  if (
    list
      .toLowerCase()
      .split(/\s*,\s*/)
      .includes(field)
  )
    return;
  void reply.header('vary', list ? `${list}, ${field}` : field);
}

/**
 * Compresses what the app makes in memory (pages, JSON) with brotli or gzip, one call per body.
 * It replaced @fastify/compress, which piped every response through a compression stream of its
 * own: under 200 concurrent connections those streams and their encoders, allocated on the
 * thread pool and held while the client read, took the process from 0.5 to 1.5 GB outside the
 * JavaScript heap, memory the allocator then kept. Streams (the web app's files) pass as they
 * are: the build compresses them once (`.br`/`.gz` beside each file, sent by @fastify/static).
 */
export const compressionPlugin = fp(
  async (app: FastifyInstance) => {
    // Done before onSend returns: a handler that sends without returning the reply counts on
    // the answer being on its way by then. Dynamic bodies are small (pages, a few hundred KB of
    // JSON at most: milliseconds); the large cached answers come compressed already.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
      if (reply.hasHeader('content-encoding')) return done(null, payload);
      if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) {
        return done(null, payload);
      }
      const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
      if (size < COMPRESS_FROM) return done(null, payload);
      addVary(reply, 'accept-encoding');
      const encoding = preferredEncoding(request.headers['accept-encoding']);
      if (encoding === null) return done(null, payload);
      const compressed = compressNow(encoding, payload, size);
      void reply.header('content-encoding', encoding).removeHeader('content-length');
      done(null, compressed);
    });
  },
  { name: 'compression' },
);
