// Answers serialised from their response schemas by compiled serializers (fast-json-stringify):
// an answer carries the fields its schema lists and nothing else, whatever the object handed to
// it holds (a provider's extra fields, a row's internal columns). Every route's answer goes
// through one, as do the answers made ahead of their request (search, offer, airports).
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/**
 * `anyOf: [X, {type: 'null'}]`, zod's nullable, as X whose type may also be null: the same
 * answers, without a branch fast-json-stringify would have to pick by validating each value.
 */
function nullableAsType(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(nullableAsType);
  if (!node || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) out[key] = nullableAsType(value);
  const branches = out.anyOf;
  if (!Array.isArray(branches) || branches.length !== 2) return out;
  const nonNull = branches.filter(
    (branch: JsonSchema) => !(branch.type === 'null' && Object.keys(branch).length === 1),
  ) as JsonSchema[];
  const [only] = nonNull;
  if (nonNull.length !== 1 || !only || typeof only.type !== 'string') return out;
  const { anyOf: _anyOf, ...rest } = out;
  return { ...rest, ...only, type: [only.type, 'null'] };
}

/** The JSON Schema an answer of `schema` is written from (its output side). */
export function responseJsonSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, {
    target: 'draft-7',
    io: 'output',
    // A value JSON Schema cannot describe (a custom check) is written as JSON.stringify would.
    unrepresentable: 'any',
  }) as JsonSchema;
  return nullableAsType(json) as JsonSchema;
}

const compiled = new WeakMap<z.ZodType, (data: unknown) => string>();

/**
 * The compiled serializer of `schema`, made on its first answer (a route never answered costs
 * nothing at start-up) and shared by every app of the process that answers with the same schema.
 */
export function compiledSerializer(schema: z.ZodType): (data: unknown) => string {
  let serialize = compiled.get(schema);
  if (!serialize) {
    let made: ((data: unknown) => string) | undefined;
    serialize = (data) => {
      made ??= fastJson(responseJsonSchema(schema) as unknown as Parameters<typeof fastJson>[0]);
      return made(data);
    };
    compiled.set(schema, serialize);
  }
  return serialize;
}

/** Fastify's serializer compiler for the routes' zod response schemas. */
export const responseSerializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) => {
  if (!(schema instanceof z.ZodType)) throw new Error('a response schema that is not zod');
  return compiledSerializer(schema);
};
