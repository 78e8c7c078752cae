import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in front of the database that a test can break: `down()` refuses connections and
 * cuts the open ones, as a server or network gone away; `freeze()` keeps accepting but lets no
 * byte through, either way, as a network that silently drops packets; `up()` heals it.
 */
export interface TcpProxy {
  readonly port: number;
  /** The database URL with host and port replaced by the proxy's. */
  url(databaseUrl: string): string;
  up(): Promise<void>;
  down(): Promise<void>;
  freeze(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<[Socket, Socket]>();
  let frozen = false;
  let server: Server | undefined;
  let port = 0;

  const accept = (client: Socket) => {
    const upstream = connect(target.port, target.host);
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    const drop = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    if (frozen) {
      client.pause();
      upstream.pause();
      return;
    }
    client.pipe(upstream);
    upstream.pipe(client);
  };

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = createServer(accept);
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        const address = next.address();
        if (address && typeof address === 'object') port = address.port;
        server = next;
        resolve();
      });
    });

  const down = async () => {
    const closing = server;
    server = undefined;
    for (const [client, upstream] of pairs) {
      client.destroy();
      upstream.destroy();
    }
    pairs.clear();
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  };

  await listen();
  return {
    get port() {
      return port;
    },
    url(databaseUrl) {
      const url = new URL(databaseUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    async up() {
      frozen = false;
      for (const [client, upstream] of pairs) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pipe(upstream);
        upstream.pipe(client);
        client.resume();
        upstream.resume();
      }
      if (!server) await listen();
    },
    down,
    freeze() {
      frozen = true;
      for (const [client, upstream] of pairs) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
    },
    close: down,
  };
}
