import { invalidParam, missingParam, unknownParam } from './errors';
import type { FormObject, FormValue } from './form';

/**
 * Reads one request's parameters the way Stripe checks them: each endpoint names what it takes
 * (anything else is `parameter_unknown`, before any other check), and values are typed from their
 * form strings.
 */
export class Params {
  constructor(
    private readonly raw: FormObject,
    allowed: readonly string[],
  ) {
    for (const name of Object.keys(raw)) {
      if (!allowed.includes(name)) throw unknownParam(name);
    }
  }

  has(name: string): boolean {
    return this.raw[name] !== undefined;
  }

  private take(name: string): FormValue | undefined {
    return this.raw[name];
  }

  string(name: string, options: { required: true; maxLength?: number }): string;
  string(name: string, options?: { required?: false; maxLength?: number }): string | undefined;
  string(
    name: string,
    options: { required?: boolean; maxLength?: number } = {},
  ): string | undefined {
    const value = this.take(name);
    if (value === undefined || value === '') {
      if (options.required) throw missingParam(name);
      return undefined;
    }
    if (typeof value !== 'string') {
      throw invalidParam(`Invalid string: ${describe(value)}`, name, 'parameter_invalid_string');
    }
    if (options.maxLength !== undefined && value.length > options.maxLength) {
      throw invalidParam(
        `Invalid string: ${value.slice(0, 20)}...; must be at most ${options.maxLength} characters`,
        name,
        'parameter_invalid_string',
      );
    }
    return value;
  }

  integer(name: string, options: { required: true; min?: number; max?: number }): number;
  integer(
    name: string,
    options?: { required?: false; min?: number; max?: number },
  ): number | undefined;
  integer(
    name: string,
    options: { required?: boolean; min?: number; max?: number } = {},
  ): number | undefined {
    const value = this.take(name);
    if (value === undefined || value === '') {
      if (options.required) throw missingParam(name);
      return undefined;
    }
    return integerOf(value, name, options);
  }

  boolean(name: string): boolean | undefined {
    const value = this.take(name);
    if (value === undefined || value === '') return undefined;
    if (value === 'true') return true;
    if (value === 'false') return false;
    throw invalidParam(`Invalid boolean: ${describe(value)}`, name, 'parameter_invalid_boolean');
  }

  oneOf<T extends string>(name: string, allowed: readonly T[]): T | undefined {
    const value = this.string(name);
    if (value === undefined) return undefined;
    if (!(allowed as readonly string[]).includes(value)) {
      throw invalidParam(
        `Invalid ${name}: must be one of ${allowed.join(', ')}`,
        name,
        'parameter_invalid_string',
      );
    }
    return value as T;
  }

  stringArray(name: string): string[] | undefined {
    const value = this.take(name);
    if (value === undefined || value === '') return undefined;
    if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) {
      throw invalidParam(`Invalid array`, name, 'parameter_invalid_array');
    }
    return value as string[];
  }

  /** A nested hash (`automatic_payment_methods[enabled]=true`), checked by the caller. */
  hash(name: string): FormObject | undefined {
    const value = this.take(name);
    if (value === undefined || value === '') return undefined;
    if (typeof value === 'string' || Array.isArray(value)) {
      throw invalidParam('Invalid hash', name, 'parameter_invalid_hash');
    }
    return value;
  }

  /** Stripe's metadata rules: ≤ 50 keys, keys ≤ 40 characters, values ≤ 500; '' unsets a key. */
  metadata(): Record<string, string> | undefined {
    const value = this.take('metadata');
    if (value === undefined) return undefined;
    if (value === '') return {};
    const entries = Array.isArray(value)
      ? value.map((item, index) => [String(index), item] as const)
      : Object.entries(value);
    const metadata: Record<string, string> = {};
    for (const [key, item] of entries) {
      const param = `metadata[${key}]`;
      if (typeof item !== 'string') {
        throw invalidParam(`Invalid string: ${describe(item)}`, param, 'parameter_invalid_string');
      }
      if (key.length > 40) {
        throw invalidParam(
          `Metadata keys can have up to 40 characters, but you passed in a key that is ${key.length} characters.`,
          param,
        );
      }
      if (item.length > 500) {
        throw invalidParam(
          `Metadata values can have up to 500 characters, but you passed in a value that is ${item.length} characters.`,
          param,
        );
      }
      metadata[key] = item;
    }
    if (Object.keys(metadata).length > 50) {
      throw invalidParam('You can have up to 50 metadata keys.', 'metadata');
    }
    return metadata;
  }

  /** A Stripe range filter: an exact integer or `{gt, gte, lt, lte}`. */
  range(name: string): Range | undefined {
    const value = this.take(name);
    if (value === undefined || value === '') return undefined;
    if (typeof value === 'string') {
      const exact = integerOf(value, name, {});
      return { gte: exact, lte: exact };
    }
    if (Array.isArray(value)) throw invalidParam('Invalid hash', name, 'parameter_invalid_hash');
    const range: Range = {};
    for (const [key, item] of Object.entries(value)) {
      if (key !== 'gt' && key !== 'gte' && key !== 'lt' && key !== 'lte') {
        throw unknownParam(`${name}[${key}]`);
      }
      range[key] = integerOf(item, `${name}[${key}]`, {});
    }
    return range;
  }
}

export interface Range {
  gt?: number;
  gte?: number;
  lt?: number;
  lte?: number;
}

export function inRange(value: number, range: Range | undefined): boolean {
  if (!range) return true;
  return (
    (range.gt === undefined || value > range.gt) &&
    (range.gte === undefined || value >= range.gte) &&
    (range.lt === undefined || value < range.lt) &&
    (range.lte === undefined || value <= range.lte)
  );
}

function integerOf(
  value: FormValue,
  name: string,
  { min, max }: { min?: number; max?: number },
): number {
  if (typeof value !== 'string' || !/^-?\d+$/.test(value) || !Number.isSafeInteger(Number(value))) {
    throw invalidParam(`Invalid integer: ${describe(value)}`, name, 'parameter_invalid_integer');
  }
  const number = Number(value);
  if (min !== undefined && number < min) {
    throw invalidParam(
      min === 1
        ? 'Invalid positive integer'
        : `This value must be greater than or equal to ${min}.`,
      name,
      'parameter_invalid_integer',
    );
  }
  if (max !== undefined && number > max) {
    throw invalidParam(
      `This value must be less than or equal to ${max}.`,
      name,
      'parameter_invalid_integer',
    );
  }
  return number;
}

function describe(value: FormValue): string {
  return typeof value === 'string' ? value : Array.isArray(value) ? 'array' : 'hash';
}
