import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkAnswers, strictProblem, takeAnswerProblems } from './strict-answers';

const answer = z.object({ id: z.string(), items: z.array(z.object({ n: z.number() })) });

describe('the strict check of test answers', () => {
  it('finds a field the schema does not list, at any depth, and a field missing', () => {
    expect(strictProblem(answer, { id: 'a', items: [{ n: 1 }] })).toBeNull();
    expect(strictProblem(answer, { id: 'a', items: [{ n: 1 }], secret: 'x' })).toMatch(/fields/);
    expect(strictProblem(answer, { id: 'a', items: [{ n: 1, extra: true }] })).toMatch(/fields/);
    expect(strictProblem(answer, { items: [] })).toMatch(/id/);
  });

  it('records an answer a route sends past its schema (a serializer that lists nothing)', async () => {
    const app = Fastify();
    app.addHook('onRoute', checkAnswers);
    app.get(
      '/leaky',
      { schema: { response: { 200: answer } }, serializerCompiler: () => JSON.stringify },
      () => ({ id: 'a', items: [], passwordHash: 'x' }),
    );
    const sent = await app.inject({ method: 'GET', url: '/leaky' });
    await app.close();
    expect(sent.statusCode).toBe(200);
    expect(takeAnswerProblems()).toEqual([
      'GET /leaky 200: it holds fields its schema does not list',
    ]);
    expect(takeAnswerProblems()).toEqual([]);
  });
});
