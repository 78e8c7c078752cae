import { searchResultsSchema } from '@contrail/contracts/search-results-schema';
import { createMemoryStore } from '@contrail/sandbox/memory-store';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createSandboxSupplier } from '../providers/flights/sandbox/sandbox-supplier';
import {
  compiledSerializer,
  responseJsonSchema,
  responseSerializerCompiler,
} from './response-serializer';

const person = z.object({
  name: z.string(),
  nickname: z.string().nullable(),
  address: z.object({ city: z.string() }).nullable(),
  age: z.number().int().optional(),
  tags: z.array(z.enum(['a', 'b'])),
});

describe('answers written from their response schema', () => {
  it('write only the fields the schema lists, at every depth', () => {
    const write = compiledSerializer(person);
    const written = write({
      name: 'Ada',
      nickname: null,
      address: { city: 'London', password: 'secret' },
      tags: ['a'],
      passwordHash: '$argon2id$…',
    });
    expect(JSON.parse(written)).toEqual({
      name: 'Ada',
      nickname: null,
      address: { city: 'London' },
      tags: ['a'],
    });
    expect(written).not.toContain('secret');
    expect(written).not.toContain('argon2');
  });

  it('write nullable values both ways, without a branch to pick', () => {
    const write = compiledSerializer(person);
    const full = { name: 'B', nickname: 'Bee', address: { city: 'Paris' }, age: 40, tags: ['b'] };
    expect(JSON.parse(write(full))).toEqual(full);
    expect(JSON.parse(write({ ...full, nickname: null, address: null }))).toEqual({
      ...full,
      nickname: null,
      address: null,
    });
    expect(JSON.stringify(responseJsonSchema(person))).not.toContain('anyOf');
  });

  it('refuse an answer missing a field its schema requires', () => {
    expect(() => compiledSerializer(person)({ nickname: null, address: null, tags: [] })).toThrow(
      /name/,
    );
  });

  it('write a search answer byte for byte as JSON.stringify does', async () => {
    const at = Date.parse('2027-03-10T09:00:00Z');
    const supplier = createSandboxSupplier({
      store: createMemoryStore(),
      clock: () => new Date(at),
      secret: 'response-serializer-test-secret-0123456789',
    });
    const results = await supplier.answerSearch?.(
      {
        slices: [
          { origin: 'LHR', destination: 'JFK', departureDate: '2027-03-30' },
          { origin: 'JFK', destination: 'LHR', departureDate: '2027-04-06' },
        ],
        passengers: [{ type: 'adult' }, { type: 'child', age: 7 }],
        cabinClass: 'economy',
        currency: 'GBP',
      },
      { at, markupPercent: '12.50', currency: 'GBP' },
    );
    if (!results) throw new Error('no answer');
    expect(results.itineraries.length).toBeGreaterThan(10);
    expect(compiledSerializer(searchResultsSchema)(results)).toBe(JSON.stringify(results));
  });

  it("serialise a route's answer in Fastify from its response schema", async () => {
    const app = Fastify();
    app.setSerializerCompiler(responseSerializerCompiler);
    app.get('/person', { schema: { response: { 200: person } } }, () => ({
      name: 'Ada',
      nickname: null,
      address: null,
      tags: [],
      internalId: 42,
    }));
    const answer = await app.inject({ method: 'GET', url: '/person' });
    await app.close();
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ name: 'Ada', nickname: null, address: null, tags: [] });
  });
});
