import { z } from 'zod';

/**
 * A JSON column's value that its schema does not read: a corrupt row, or a shape some writer
 * stored that no reader was taught. Thrown, never passed over, so that the row is looked at.
 */
export class StoredJsonError extends Error {
  override readonly name = 'StoredJsonError';
  constructor(
    /** `table.column`, as the database names it. */
    readonly column: string,
    error: z.ZodError,
  ) {
    super(`${column} holds a value its schema does not read:\n${z.prettifyError(error)}`);
  }
}

/**
 * Reads one JSON column's value through the schema its table owns: the value as every reader
 * sees it, or a `StoredJsonError` naming the column and what is wrong.
 */
export function readStoredJson<T>(schema: z.ZodType<T>, column: string, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new StoredJsonError(column, parsed.error);
  return parsed.data;
}
