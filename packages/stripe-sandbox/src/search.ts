import { invalidParam } from './errors';

/**
 * Stripe's search query language, for PaymentIntents: clauses `field:value` joined by spaces,
 * `AND` or `OR` (not both), each optionally negated with `-`; `:` matches exactly (strings
 * case-insensitively; `null` matches an absent metadata key), `~` matches a substring of at least
 * three characters, and `>`, `<`, `>=`, `<=` compare numbers. Values are quoted with ' or ".
 */

export interface Searchable {
  amount: number;
  created: number;
  currency: string;
  customer: string | null;
  status: string;
  metadata: Readonly<Record<string, string>>;
}

type Operator = ':' | '~' | '>' | '<' | '>=' | '<=';

interface Clause {
  negated: boolean;
  field: 'amount' | 'created' | 'currency' | 'customer' | 'status' | 'metadata';
  metadataKey?: string;
  operator: Operator;
  value: string;
  quoted: boolean;
}

export interface Query {
  join: 'AND' | 'OR';
  clauses: Clause[];
}

const numericFields = new Set(['amount', 'created']);
const fields = new Set(['amount', 'created', 'currency', 'customer', 'status', 'metadata']);

const queryError = (message: string) => invalidParam(message, 'query');

class Reader {
  index = 0;
  constructor(readonly text: string) {}

  get done() {
    return this.index >= this.text.length;
  }

  peek(length = 1) {
    return this.text.slice(this.index, this.index + length);
  }

  skipSpaces() {
    while (!this.done && /\s/.test(this.peek())) this.index += 1;
  }

  quoted(): string {
    const quote = this.peek();
    this.index += 1;
    let value = '';
    while (!this.done && this.peek() !== quote) {
      if (this.peek() === '\\') this.index += 1;
      value += this.peek();
      this.index += 1;
    }
    if (this.done) throw queryError(`Invalid query: unterminated string at position ${this.index}`);
    this.index += 1;
    return value;
  }

  word(): string {
    const start = this.index;
    while (!this.done && /[A-Za-z0-9_.]/.test(this.peek())) this.index += 1;
    return this.text.slice(start, this.index);
  }
}

export function parseQuery(text: string): Query {
  const reader = new Reader(text);
  const clauses: Clause[] = [];
  let join: 'AND' | 'OR' | undefined;
  reader.skipSpaces();
  while (!reader.done) {
    if (clauses.length > 0) {
      const save = reader.index;
      const word = reader.word();
      const upper = word.toUpperCase();
      if ((upper === 'AND' || upper === 'OR') && /\s/.test(reader.peek())) {
        if (join && join !== upper) {
          throw queryError('Invalid query: AND and OR operators cannot be combined in one query.');
        }
        join = upper;
        reader.skipSpaces();
      } else {
        reader.index = save;
        if (join === 'OR') {
          throw queryError('Invalid query: AND and OR operators cannot be combined in one query.');
        }
        join = 'AND';
      }
    }
    clauses.push(parseClause(reader));
    reader.skipSpaces();
  }
  if (clauses.length === 0) throw queryError('Invalid query: the query is empty.');
  return { join: join ?? 'AND', clauses };
}

/** A metadata field's key, `["key"]` after `metadata`; the reader is past the word. */
function readMetadataKey(reader: Reader): string {
  if (reader.peek() !== '[')
    throw queryError('Invalid query: metadata needs a key: metadata["key"].');
  reader.index += 1;
  const quote = reader.peek();
  if (quote !== '"' && quote !== "'") {
    throw queryError('Invalid query: the metadata key must be quoted: metadata["key"].');
  }
  const metadataKey = reader.quoted();
  if (reader.peek() !== ']') throw queryError('Invalid query: expected ] after the metadata key.');
  reader.index += 1;
  return metadataKey;
}

/** The comparison after a field: `:`, `~`, `>`, `<`, `>=` or `<=`. */
function readOperator(reader: Reader): Clause['operator'] {
  const operator =
    (['>=', '<='] as const).find((op) => reader.peek(2) === op) ??
    ([':', '~', '>', '<'] as const).find((op) => reader.peek() === op);
  if (!operator) {
    throw queryError(
      `Invalid query: expected an operator (:, ~, >, <, >=, <=) at position ${reader.index}.`,
    );
  }
  reader.index += operator.length;
  return operator;
}

/** The value compared with: quoted, or up to the next space. */
function readValue(reader: Reader): { value: string; quoted: boolean } {
  const quote = reader.peek();
  if (quote === '"' || quote === "'") return { value: reader.quoted(), quoted: true };
  const begin = reader.index;
  while (!reader.done && !/\s/.test(reader.peek())) reader.index += 1;
  return { value: reader.text.slice(begin, reader.index), quoted: false };
}

/** Only numeric fields are compared by size, and take whole numbers; `~` needs 3 characters. */
function checkComparison(field: string, operator: Clause['operator'], value: string): void {
  const numeric = numericFields.has(field);
  if (operator !== ':' && operator !== '~' && !numeric) {
    throw queryError(
      `Invalid query: \`${field}\` cannot be compared with ${operator}; only numeric fields can.`,
    );
  }
  if (operator === '~' && (numeric || value.length < 3)) {
    throw queryError(
      numeric
        ? `Invalid query: substring matching is not supported on numeric field \`${field}\`.`
        : 'Invalid query: substring matching needs at least 3 characters.',
    );
  }
  if (numeric && !/^-?\d+$/.test(value)) {
    throw queryError(`Invalid query: \`${field}\` takes a whole number, not ${value}.`);
  }
}

function parseClause(reader: Reader): Clause {
  const start = reader.index;
  const negated = reader.peek() === '-';
  if (negated) reader.index += 1;
  const field = reader.word();
  if (!fields.has(field)) {
    throw queryError(
      `Field \`${field || reader.text.slice(start)}\` is an unsupported search field for resource \`payment_intents\`. See http://stripe.com/docs/search#query-fields-for-payment-intents for a list of supported fields.`,
    );
  }
  const metadataKey = field === 'metadata' ? readMetadataKey(reader) : undefined;
  const operator = readOperator(reader);
  const { value, quoted } = readValue(reader);
  if (value === '' && !quoted) throw queryError(`Invalid query: missing value for \`${field}\`.`);
  checkComparison(field, operator, value);
  return {
    negated,
    field: field as Clause['field'],
    ...(metadataKey !== undefined ? { metadataKey } : {}),
    operator,
    value,
    quoted,
  };
}

function clauseMatches(clause: Clause, item: Searchable): boolean {
  if (clause.field === 'amount' || clause.field === 'created') {
    const actual = item[clause.field];
    const wanted = Number(clause.value);
    switch (clause.operator) {
      case '>':
        return actual > wanted;
      case '<':
        return actual < wanted;
      case '>=':
        return actual >= wanted;
      case '<=':
        return actual <= wanted;
      default:
        return actual === wanted;
    }
  }
  const actual =
    clause.field === 'metadata'
      ? item.metadata[clause.metadataKey ?? '']
      : (item[clause.field] ?? undefined);
  if (clause.operator === ':' && !clause.quoted && clause.value === 'null')
    return actual === undefined;
  if (actual === undefined) return false;
  const a = actual.toLowerCase();
  const v = clause.value.toLowerCase();
  return clause.operator === '~' ? a.includes(v) : a === v;
}

export function matches(query: Query, item: Searchable): boolean {
  const results = query.clauses.map((clause) => clauseMatches(clause, item) !== clause.negated);
  return query.join === 'AND' ? results.every(Boolean) : results.some(Boolean);
}
