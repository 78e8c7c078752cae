import { request as httpRequest } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { admissionPlugin, awayFromTurn } from './admission';
import { registerErrorHandling } from './errors';

/** Gates the test opens: a request to /work/:id waits on its own. */
function gates() {
  const opened = new Map<string, Promise<void>>();
  const openers = new Map<string, () => void>();
  const gate = (id: string): Promise<void> => {
    let promise = opened.get(id);
    if (!promise) {
      promise = new Promise<void>((resolve) => openers.set(id, resolve));
      opened.set(id, promise);
    }
    return promise;
  };
  return {
    wait: gate,
    open: (id: string) => {
      void gate(id);
      openers.get(id)?.();
    },
  };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i += 1) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
};

describe('admission', () => {
  let app: FastifyInstance;
  let started: string[];
  let running: number;
  let mostAtOnce: number;
  let g: ReturnType<typeof gates>;
  let afterProvider: { id: string; running: number }[];

  beforeEach(async () => {
    afterProvider = [];
    started = [];
    running = 0;
    mostAtOnce = 0;
    g = gates();
    app = Fastify();
    registerErrorHandling(app);
    await app.register(admissionPlugin, {
      concurrency: 2,
      maxWaiting: 3,
      bypass: (request) => request.url === '/health',
      heavy: (request) => request.url.startsWith('/provider/'),
      heavyAtOnce: 1,
    });
    app.get<{ Params: { id: string } }>('/work/:id', async (request) => {
      started.push(request.params.id);
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      await g.wait(request.params.id);
      running -= 1;
      return { id: request.params.id };
    });
    app.get('/health', () => ({ status: 'ok' }));
    // Waits on a "provider" (gate provider-:id) without its turn, then works on the answer.
    app.get<{ Params: { id: string } }>('/provider/:id', async (request) => {
      started.push(request.params.id);
      const answer = await awayFromTurn(async () => {
        await g.wait(`provider-${request.params.id}`);
        if (request.params.id.startsWith('fail')) throw new Error('provider failed');
        return request.params.id;
      });
      afterProvider.push({ id: answer, running: app.admission.running() });
      await g.wait(`after-${request.params.id}`);
      return { id: answer };
    });
    app.post<{ Params: { id: string }; Body: { n: number } }>('/work/:id', async (request) => {
      started.push(request.params.id);
      await g.wait(request.params.id);
      return { id: request.params.id, n: request.body.n };
    });
    app.get('/fail', () => {
      throw new Error('boom');
    });
    // A route that hands the request to the not-found handler, as @fastify/static does for a
    // file it will not serve: Fastify runs the preHandler hooks a second time for it.
    app.get('/elsewhere', (_request, reply) => {
      reply.callNotFound();
    });
    app.setNotFoundHandler((_request, reply) => reply.status(404).send({ missing: true }));
    await app.ready();
  });

  afterEach(() => app.close());

  it('works on a bounded number at once, the rest in order of arrival, and lets health checks past the queue', async () => {
    const answers = ['a', 'b', 'c', 'd', 'e'].map((id) =>
      app.inject({ method: 'GET', url: `/work/${id}` }),
    );
    await until(() => started.length === 2);
    expect(started).toEqual(['a', 'b']);

    const health = await app.inject({ method: 'GET', url: '/health' });
    expect(health.statusCode).toBe(200);

    g.open('b');
    await until(() => started.length === 3);
    g.open('a');
    await until(() => started.length === 4);
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    g.open('c');
    g.open('d');
    g.open('e');
    const responses = await Promise.all(answers);
    expect(responses.map((r) => r.json<{ id: string }>().id)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(started).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(mostAtOnce).toBe(2);
  });

  it('answers 503 server_busy at once when too many wait, and admits again when they are done', async () => {
    const queued = ['a', 'b', 'c', 'd', 'e'].map((id) =>
      app.inject({ method: 'GET', url: `/work/${id}` }),
    );
    await until(() => started.length === 2);
    const refused = await app.inject({ method: 'GET', url: '/work/f' });
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.json()).toEqual({
      error: { code: 'server_busy', message: 'The server is busy. Please try again in a moment.' },
    });
    for (const id of ['a', 'b', 'c', 'd', 'e', 'g']) g.open(id);
    await Promise.all(queued);
    expect((await app.inject({ method: 'GET', url: '/work/g' })).statusCode).toBe(200);
  });

  it('frees the turn of a request that failed, and skips one whose client left while it waited', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;

    const first = app.inject({ method: 'GET', url: '/work/a' });
    const second = app.inject({ method: 'GET', url: '/work/b' });
    await until(() => started.length === 2);
    // Waits for a turn over a real connection, then gives up.
    const leaver = httpRequest({ host: '127.0.0.1', port, path: '/work/gone' });
    leaver.on('error', () => undefined);
    leaver.end();
    await new Promise((r) => setTimeout(r, 200));
    leaver.destroy();
    await new Promise((r) => setTimeout(r, 200));

    g.open('a');
    g.open('b');
    await Promise.all([first, second]);
    expect((await app.inject({ method: 'GET', url: '/fail' })).statusCode).toBe(500);
    g.open('c');
    expect((await app.inject({ method: 'GET', url: '/work/c' })).statusCode).toBe(200);
    expect(started).toEqual(['a', 'b', 'c']);
    expect(running).toBe(0);
  });

  it('takes one turn per request, even one passed on to the not-found handler', async () => {
    for (let i = 0; i < 5; i += 1) {
      expect((await app.inject({ method: 'GET', url: '/elsewhere' })).statusCode).toBe(404);
    }
    // Two turns free: both start at once (each not-found pass used to keep a turn for ever).
    const answers = ['p', 'q'].map((id) => app.inject({ method: 'GET', url: `/work/${id}` }));
    await until(() => started.length === 2);
    g.open('p');
    g.open('q');
    expect((await Promise.all(answers)).map((answer) => answer.statusCode)).toEqual([200, 200]);
  });

  it('answers a request with a body that waited for its turn over a real connection', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const post = (id: string) =>
      fetch(`http://127.0.0.1:${String(port)}/work/${id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ n: 1 }),
      }).then(async (response) => ({ status: response.status, body: await response.text() }));
    const first = post('a');
    const second = post('b');
    await until(() => started.length === 2);
    // Its body has been read in full (the stream has ended) while it waits: it has not left.
    const third = post('c');
    await new Promise((r) => setTimeout(r, 200));
    g.open('a');
    g.open('b');
    await until(() => started.length === 3);
    g.open('c');
    expect(await Promise.all([first, second, third])).toEqual([
      { status: 200, body: '{"id":"a","n":1}' },
      { status: 200, body: '{"id":"b","n":1}' },
      { status: 200, body: '{"id":"c","n":1}' },
    ]);
  });

  it('gives the turn back while a request waits on a provider, and works on the answer in a lane of its own', async () => {
    // Both turns are waiting on the provider: two more requests are worked on meanwhile.
    const away = ['x', 'y'].map((id) => app.inject({ method: 'GET', url: `/provider/${id}` }));
    await until(() => started.length === 2 && app.admission.running() === 0);
    g.open('a');
    g.open('b');
    const worked = await Promise.all(
      ['a', 'b'].map((id) => app.inject({ method: 'GET', url: `/work/${id}` })),
    );
    expect(worked.map((r) => r.statusCode)).toEqual([200, 200]);

    // Two requests hold the turns and e queues for one: x's answer does not queue behind them.
    const busy = ['c', 'd'].map((id) => app.inject({ method: 'GET', url: `/work/${id}` }));
    await until(() => started.length === 4);
    const queued = app.inject({ method: 'GET', url: '/work/e' });
    await until(() => app.admission.waiting() === 1);
    g.open('provider-x');
    await until(() => afterProvider.length === 1);
    expect(afterProvider).toEqual([{ id: 'x', running: 3 }]);
    // The returning lane holds one at a time: y's answer waits for x's work to end, and e for c.
    g.open('provider-y');
    await until(() => app.admission.waiting() === 2);
    expect(started).not.toContain('e');
    g.open('after-x');
    await until(() => afterProvider.length === 2);
    expect(afterProvider[1]).toEqual({ id: 'y', running: 3 });
    expect(started).not.toContain('e');
    g.open('c');
    await until(() => started.includes('e'));
    for (const id of ['after-y', 'd', 'e']) g.open(id);
    const answers = await Promise.all([...away, ...busy, queued]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(answers[1]?.json()).toEqual({ id: 'y' });
    expect(mostAtOnce).toBe(2);
    expect(app.admission.running()).toBe(0);
    expect(app.admission.waiting()).toBe(0);
  });

  it('comes back for the error of a provider that failed, and is never refused on its way back', async () => {
    const failing = app.inject({ method: 'GET', url: '/provider/fail-1' });
    const answering = app.inject({ method: 'GET', url: '/provider/slow' });
    await until(() => started.length === 2 && app.admission.running() === 0);
    // Two turns busy and three waiting: the queue of new requests is full.
    const busy = ['a', 'b', 'c', 'd', 'e'].map((id) =>
      app.inject({ method: 'GET', url: `/work/${id}` }),
    );
    await until(() => app.admission.waiting() === 3);
    expect((await app.inject({ method: 'GET', url: '/work/f' })).statusCode).toBe(503);
    // The returning lane is busy with slow's answer; the failed call queues there all the same.
    g.open('provider-slow');
    await until(() => afterProvider.length === 1);
    g.open('provider-fail-1');
    await until(() => app.admission.waiting() === 4);
    g.open('after-slow');
    expect((await failing).statusCode).toBe(500);
    expect((await answering).statusCode).toBe(200);
    for (const id of ['a', 'b', 'c', 'd', 'e']) g.open(id);
    expect((await Promise.all(busy)).map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(app.admission.running()).toBe(0);
  });

  it('frees the turn of a request whose client left while it waited on the provider or queued to come back', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const leave = async (id: string) => {
      const leaver = httpRequest({ host: '127.0.0.1', port, path: `/provider/${id}` });
      leaver.on('error', () => undefined);
      leaver.end();
      await until(() => started.includes(id));
      return leaver;
    };
    // One leaves while the provider has it.
    const gone = await leave('gone');
    await until(() => app.admission.running() === 0);
    gone.destroy();
    // One leaves while it queues to come back behind another answer's work.
    const working = app.inject({ method: 'GET', url: '/provider/first' });
    const queuedBack = await leave('back');
    g.open('provider-first');
    await until(() => afterProvider.length === 1);
    g.open('provider-back');
    await until(() => app.admission.waiting() === 1);
    queuedBack.destroy();
    await new Promise((r) => setTimeout(r, 100));
    g.open('after-first');
    expect((await working).statusCode).toBe(200);
    g.open('provider-gone');
    await until(() => app.admission.running() === 0 && app.admission.waiting() === 0);
    // Every turn free: a search goes to its provider, two new requests start at once, and the
    // search's answer is worked on beside them.
    const last = app.inject({ method: 'GET', url: '/provider/last' });
    await until(() => started.includes('last') && app.admission.running() === 0);
    const after = ['p', 'q'].map((id) => app.inject({ method: 'GET', url: `/work/${id}` }));
    await until(() => started.includes('p') && started.includes('q'));
    g.open('provider-last');
    await until(() => afterProvider.some((entry) => entry.id === 'last'));
    for (const id of ['p', 'q', 'after-last']) g.open(id);
    expect((await Promise.all([...after, last])).map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(app.admission.running()).toBe(0);
  });

  it('just runs the wait outside a request', async () => {
    expect(await awayFromTurn(() => Promise.resolve('job'))).toBe('job');
    await expect(awayFromTurn(() => Promise.reject(new Error('down')))).rejects.toThrow('down');
  });
});
