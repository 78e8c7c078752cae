/**
 * Duffel's pages: `limit` (1 to 200, 50 by default) and opaque `after`/`before` cursors, in the
 * `meta` of a list's answer.
 */
import { error } from './duffel-server-errors';

function encodeCursor(index: number): string {
  return Buffer.from(`i:${index}`).toString('base64url');
}

function decodeCursor(cursor: string): number | null {
  const match = /^i:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString());
  return match ? Number(match[1]) : null;
}

export function paginate<T>(items: readonly T[], query: URLSearchParams) {
  const limitText = query.get('limit');
  const limit = limitText === null ? 50 : Number(limitText);
  if (!Number.isInteger(limit) || limit < 1 || limit > 200) {
    throw error(422, 'validation_error', 'invalid_value', 'limit must be between 1 and 200.', {
      field: 'limit',
      pointer: '/limit',
    });
  }
  const after = query.get('after');
  const start = after === null ? 0 : decodeCursor(after);
  if (start === null) {
    throw error(400, 'invalid_request_error', 'invalid_cursor', 'The after cursor is invalid.');
  }
  const page = items.slice(start, start + limit);
  const end = start + page.length;
  return {
    data: page,
    meta: {
      limit,
      after: end < items.length ? encodeCursor(end) : null,
      before: start > 0 ? encodeCursor(Math.max(0, start - limit)) : null,
    },
  };
}
