import fc from 'fast-check';
import { z } from 'zod';

/** The part of JSON Schema that zod's `toJSONSchema` writes for the contract. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  additionalProperties?: JsonSchema | boolean;
  propertyNames?: JsonSchema;
}

/** Values that real requests carry for a field of this name, so that some requests go deep. */
export type Hints = Record<string, () => fc.Arbitrary<unknown>>;

/** The JSON Schema of a route's zod schema, as a client would have to send it. */
export function toJsonSchema(schema: unknown): JsonSchema | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

const isoDate = fc
  .date({
    min: new Date('2026-01-01T00:00:00Z'),
    max: new Date('2028-12-31T00:00:00Z'),
    noInvalidDate: true,
  })
  .map((date) => date.toISOString().slice(0, 10));

/** Strings for a field name the schema says little about (e-mail addresses, dates). */
function byName(name: string): fc.Arbitrary<string> | undefined {
  if (/email/i.test(name)) return fc.emailAddress();
  if (/date|bornOn|expiresOn/i.test(name)) return isoDate;
  return undefined;
}

function stringArbitrary(schema: JsonSchema, name: string): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 60));
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'date-time') {
    return fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
  }
  if (schema.format === 'date') return isoDate;
  if (schema.pattern) {
    try {
      return fc
        .stringMatching(new RegExp(schema.pattern))
        .filter((value) => value.length <= maxLength * 4);
    } catch {
      // A pattern fast-check cannot generate from: plain strings below.
    }
  }
  const named = byName(name);
  const plain = fc.string({ minLength, maxLength });
  return named ? fc.oneof(named, plain) : plain;
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? (schema.exclusiveMinimum ?? -1_000_000) + (integer ? 1 : 0);
  const max = schema.maximum ?? (schema.exclusiveMaximum ?? 1_000_000) - (integer ? 1 : 0);
  if (integer) return fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/**
 * Values that satisfy the schema's shape (types, lengths, patterns, enums, required keys); the
 * rules zod adds on top (refinements) are the server's to check. `hints` give a field's value
 * by its name, mixed with what the schema alone would give.
 */
export function schemaArbitrary(
  schema: JsonSchema | undefined,
  hints: Hints = {},
  name = '',
  depth = 0,
): fc.Arbitrary<unknown> {
  if (!schema || depth > 8) return fc.jsonValue({ maxDepth: 2 });
  const hinted = hints[name];
  const plain = shapeArbitrary(schema, hints, name, depth);
  return hinted
    ? fc.oneof({ weight: 3, arbitrary: hinted() }, { weight: 1, arbitrary: plain })
    : plain;
}

function shapeArbitrary(
  schema: JsonSchema,
  hints: Hints,
  name: string,
  depth: number,
): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices && choices.length > 0) {
    return fc.oneof(...choices.map((choice) => schemaArbitrary(choice, hints, name, depth + 1)));
  }
  if (schema.allOf?.[0]) return schemaArbitrary(schema.allOf[0], hints, name, depth + 1);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) {
    return fc.oneof(
      ...types.map((type) => shapeArbitrary({ ...schema, type }, hints, name, depth)),
    );
  }
  switch (types[0]) {
    case 'string':
      return stringArbitrary(schema, name);
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 3, minLength + 2));
      return fc.array(schemaArbitrary(schema.items, hints, name, depth + 1), {
        minLength,
        maxLength,
      });
    }
    case 'object': {
      const properties = schema.properties ?? {};
      if (Object.keys(properties).length === 0) {
        return fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 1 }), {
          maxKeys: 3,
        });
      }
      const record = Object.fromEntries(
        Object.entries(properties).map(([key, value]) => [
          key,
          schemaArbitrary(value, hints, key, depth + 1),
        ]),
      );
      return fc.record(record, { requiredKeys: schema.required ?? [] });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}
