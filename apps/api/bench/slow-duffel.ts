// The Duffel-compatible server the slow-provider bench searches through, in a process of its own
// (this file, run again with BENCH_DUFFEL_PROCESS set): it holds each offer request
// BENCH_DUFFEL_LATENCY_MS (3000) and answers BENCH_DUFFEL_OFFERS (200) offers, as a busy Duffel
// does, and counts the offer requests it is sent.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createDuffelServer } from '@contrail/sandbox/duffel-server';

export const LATENCY_MS = Number(process.env.BENCH_DUFFEL_LATENCY_MS ?? 3000);
export const OFFERS = Number(process.env.BENCH_DUFFEL_OFFERS ?? 200);

const OFFER_REQUESTS_PATH = '/air/offer_requests';

/** Run as the Duffel-compatible server's own process: counts the offer requests it is sent. */
async function duffelProcess(): Promise<void> {
  let offerRequests = 0;
  const duffel = createDuffelServer({
    offerRequestLatencyMs: LATENCY_MS,
    offersPerRequest: OFFERS,
    onRequest: ({ method, path }) => {
      // The SDK sends `/air/offer_requests/`, with a trailing slash.
      if (method === 'POST' && path.replace(/\/$/, '') === OFFER_REQUESTS_PATH) offerRequests += 1;
    },
  });
  const url = await duffel.listen(0, '127.0.0.1');
  process.on('message', () => process.send?.({ offerRequests }));
  process.on('disconnect', () => void duffel.close().then(() => process.exit(0)));
  process.send?.({ url });
}

export interface Duffel {
  url: string;
  offerRequests(): Promise<number>;
  stop(): Promise<void>;
}

export async function startDuffel(): Promise<Duffel> {
  // This file again, under the same loader (tsx), in a process of its own: serialising 200 offers
  // per request here would time the load generator's event loop rather than the server.
  const child: ChildProcess = spawn(
    process.execPath,
    [...process.execArgv, fileURLToPath(import.meta.url)],
    {
      env: { ...process.env, BENCH_DUFFEL_PROCESS: '1' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const nextMessage = () =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      child.once('message', (message) => resolve(message as Record<string, unknown>));
      child.once('exit', () => reject(new Error('the Duffel-compatible server stopped')));
    });
  const { url } = await nextMessage();
  if (typeof url !== 'string') throw new Error('the Duffel-compatible server gave no URL');
  return {
    url,
    offerRequests: async () => {
      const answer = nextMessage();
      child.send('count');
      return Number((await answer).offerRequests);
    },
    stop: async () => {
      child.disconnect();
      await exited;
    },
  };
}

if (process.env.BENCH_DUFFEL_PROCESS) await duffelProcess();
