import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

type Encoding = 'br' | 'gzip';

/** Answers below this many characters are sent as they are. */
const COMPRESS_FROM = 1024;

/**
 * A JSON answer serialised once, with its compressed forms made on first need and kept with it,
 * so a cached answer is neither serialised nor compressed again.
 */
export class JsonAnswer {
  readonly json: string;
  private readonly compressed = new Map<Encoding, Promise<Buffer>>();
  private utf8: Buffer | undefined;

  constructor(json: string) {
    this.json = json;
  }

  /** The UTF-8 bytes (a string would be encoded again on every send). */
  get bytes(): Buffer {
    this.utf8 ??= Buffer.from(this.json);
    return this.utf8;
  }

  encoded(encoding: Encoding): Promise<Buffer> {
    let body = this.compressed.get(encoding);
    if (!body) {
      body =
        encoding === 'br'
          ? brotli(this.json, {
              // Quality 4: about as cheap as gzip for large JSON, and smaller.
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(this.json),
              },
            })
          : gzip(this.json);
      this.compressed.set(encoding, body);
      body.catch(() => this.compressed.delete(encoding));
    }
    return body;
  }
}

/** The encoding to answer with: brotli, else gzip, where the client accepts it (q > 0). */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/**
 * Sends a JsonAnswer, compressed when the client accepts it. Register the route with
 * `compress: false` so the compression plugin leaves the body alone.
 */
export async function sendJsonAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: JsonAnswer,
): Promise<FastifyReply> {
  void reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  const encoding =
    answer.json.length < COMPRESS_FROM
      ? null
      : preferredEncoding(request.headers['accept-encoding']);
  if (encoding === null) return reply.send(answer.bytes);
  const body = await answer.encoded(encoding);
  return reply.header('content-encoding', encoding).send(body);
}
