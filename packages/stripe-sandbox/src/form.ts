/**
 * Stripe's v1 API takes `application/x-www-form-urlencoded` bodies and query strings with
 * bracketed keys: `metadata[order]=1`, `created[lt]=1700000000`, `expand[0]=latest_charge` or
 * `expand[]=latest_charge`. This turns them into nested values the way Stripe reads them.
 */

export type FormValue = string | FormValue[] | FormObject;
export interface FormObject {
  [key: string]: FormValue;
}

/** Thrown for keys no Stripe client would send (`a[b`, `a]`), answered as Stripe's 400. */
export class FormSyntaxError extends Error {
  constructor(readonly key: string) {
    super(`Invalid parameter name: ${key}`);
  }
}

function segmentsOf(key: string): string[] {
  const open = key.indexOf('[');
  if (open === -1) {
    if (key.includes(']')) throw new FormSyntaxError(key);
    return [key];
  }
  const segments = [key.slice(0, open)];
  let rest = key.slice(open);
  while (rest.length > 0) {
    const match = /^\[([^[\]]*)\]/.exec(rest);
    if (!match) throw new FormSyntaxError(key);
    segments.push(match[1] ?? '');
    rest = rest.slice(match[0].length);
  }
  if (segments[0] === '') throw new FormSyntaxError(key);
  return segments;
}

const isIndex = (segment: string) => segment === '' || /^\d+$/.test(segment);

/**
 * Arrays are built as objects keyed by index first (`expand[1]` may come before `expand[0]`), then
 * turned into arrays in index order; `[]` appends.
 */
type Draft = Map<string, Draft | string> & { appendCount?: number; isArray?: boolean };

function newDraft(isArray: boolean): Draft {
  const draft: Draft = new Map();
  draft.isArray = isArray;
  draft.appendCount = 0;
  return draft;
}

function finish(draft: Draft): FormValue {
  if (draft.isArray) {
    const entries = [...draft.entries()].sort(([a], [b]) => Number(a) - Number(b));
    return entries.map(([, value]) => (typeof value === 'string' ? value : finish(value)));
  }
  const object: FormObject = {};
  for (const [key, value] of draft) object[key] = typeof value === 'string' ? value : finish(value);
  return object;
}

export function parseForm(text: string): FormObject {
  const root = newDraft(false);
  for (const [key, value] of new URLSearchParams(text)) {
    const segments = segmentsOf(key);
    let node = root;
    for (let i = 0; i < segments.length; i += 1) {
      let segment = segments[i] ?? '';
      const last = i === segments.length - 1;
      if (node.isArray) {
        if (!isIndex(segment)) throw new FormSyntaxError(key);
        // `[]` appends; indices keep their order, and an appended item follows every index.
        if (segment === '') {
          segment = String(1_000_000 + (node.appendCount ?? 0));
          node.appendCount = (node.appendCount ?? 0) + 1;
        }
      } else if (segment === '') {
        throw new FormSyntaxError(key);
      }
      if (last) {
        node.set(segment, value);
        break;
      }
      const existing = node.get(segment);
      if (existing === undefined || typeof existing === 'string') {
        const child = newDraft(isIndex(segments[i + 1] ?? 'x'));
        node.set(segment, child);
        node = child;
      } else {
        node = existing;
      }
    }
  }
  const result = finish(root);
  return Array.isArray(result) || typeof result === 'string' ? {} : result;
}
