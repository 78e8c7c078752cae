import { CRITERIA_FIELDS, type RequestProblem } from '@contrail/contracts/search-rules';
import { ApiError } from '../../../lib/api-client';

// The search form's errors field by field, apart from the form's resolver
// (`search-form-resolver.ts`), which needs react-hook-form: the results page and a link's
// problems read these before the form's code has loaded.

/** A field of the form, or one of a multi-city flight's (`slices.1.departureDate`). */
export type SearchField = RequestProblem['field'];

/** One message per field, the first problem's. */
export type FieldErrors = Partial<Record<SearchField, string>>;

export function errorsByField(
  problems: readonly { field: SearchField; message: string }[],
): FieldErrors {
  const errors: FieldErrors = {};
  for (const problem of problems) errors[problem.field] ??= problem.message;
  return errors;
}

const FORM_FIELD = new RegExp(
  `^(${CRITERIA_FIELDS.join('|')}|slices\\.[0-4]\\.(origin|destination|departureDate))$`,
);

/**
 * The fields a search the API refused names (`error.fields`, `slices.1.departureDate` for a
 * multi-city flight), to show on the form's own fields; none for another failure.
 */
export function serverFieldErrors(error: unknown): FieldErrors | undefined {
  if (!(error instanceof ApiError) || !error.fields) return undefined;
  const known = Object.entries(error.fields).filter(([field]) => FORM_FIELD.test(field));
  return known.length > 0 ? Object.fromEntries(known) : undefined;
}
