/** Facts a thrown value may carry besides its message, in the order they are shown. */
const DETAILS = ['code', 'errno', 'type'] as const;
/** Nested causes shown at most this deep (a cause may, in theory, be its own cause). */
const MAX_DEPTH = 3;
/** A value with nothing better to show is shown as JSON, this long at most. */
const MAX_JSON = 300;

function field(value: object, key: string): unknown {
  return (value as Record<string, unknown>)[key];
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** `(code ENOENT, errno 44)`, or '' when the value carries none of them. */
function details(value: object): string {
  const parts = DETAILS.flatMap((key) => {
    const detail = field(value, key);
    return typeof detail === 'string' || typeof detail === 'number'
      ? [`${key} ${String(detail)}`]
      : [];
  });
  return parts.length > 0 ? ` (${parts.join(', ')})` : '';
}

function asJson(value: object): string | undefined {
  try {
    // Undefined for a value JSON cannot hold, whatever the types say.
    const json = JSON.stringify(value) as string | undefined;
    if (json === undefined || json === '{}') return undefined;
    return json.length > MAX_JSON ? `${json.slice(0, MAX_JSON)}…` : json;
  } catch {
    return undefined;
  }
}

/** What is shown of a thrown value that is an object but no Error (PGlite's, an ErrorEvent's). */
function describeObject(value: object, depth: number): string {
  const constructorName = (value.constructor as { name?: unknown } | undefined)?.name;
  const className =
    typeof constructorName === 'string' && constructorName !== 'Object'
      ? constructorName
      : undefined;
  const message = text(field(value, 'message'));
  // A class name alone says little: shown before a message, or in the last resort below.
  const name = text(field(value, 'name')) ?? (message === undefined ? undefined : className);
  const head = [name, message].filter((part) => part !== undefined).join(': ');
  const nested = field(value, 'error') ?? field(value, 'cause');
  const inner =
    nested !== undefined && nested !== value && depth < MAX_DEPTH
      ? `\nCaused by: ${describeThrown(nested, depth + 1)}`
      : '';
  if (head === '' && details(value) === '' && inner === '') {
    return asJson(value) ?? `an object with no message (${className ?? 'Object'})`;
  }
  return `${head === '' ? 'a thrown object' : head}${details(value)}${inner}`;
}

/**
 * A readable account of anything thrown, for the last words of a process that could not start:
 * an Error's stack, with its code and its cause; of an object that is no Error (PGlite throws
 * its own ErrnoError objects, a worker an ErrorEvent) its name, message, code and errno; never
 * "[object Object]".
 */
export function describeThrown(thrown: unknown, depth = 0): string {
  if (thrown instanceof Error) {
    const stack = thrown.stack ?? `${thrown.name}: ${thrown.message}`;
    const extra = details(thrown);
    const cause =
      thrown.cause !== undefined && thrown.cause !== thrown && depth < MAX_DEPTH
        ? `\nCaused by: ${describeThrown(thrown.cause, depth + 1)}`
        : '';
    return `${stack}${extra}${cause}`;
  }
  if (typeof thrown === 'object' && thrown !== null) return describeObject(thrown, depth);
  if (typeof thrown === 'string') return thrown === '' ? 'an empty string' : thrown;
  return String(thrown);
}
