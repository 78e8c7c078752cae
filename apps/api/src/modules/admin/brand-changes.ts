import type { Brand } from '@contrail/contracts/brands';

/** A brand's values by the path the brand manager's form names each field with (`contact.email`). */
export type BrandValues = Record<string, unknown>;

/**
 * The fields that move money or mail: the markup and the currency every price is made with, the
 * host name the brand is served on (and its sign-in cookies and links), and the address every one
 * of the brand's e-mails names as its Reply-To. A change to one needs a fresh password
 * confirmation, as the switch to live mode does; the brand's look and texts do not.
 */
const STEP_UP_BRAND_FIELDS: readonly string[] = [
  'markupPercent',
  'currency',
  'domain',
  'contact.email',
];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function flatten(value: Record<string, unknown>, prefix: string, into: BrandValues): BrandValues {
  for (const [key, field] of Object.entries(value)) {
    if (isRecord(field)) flatten(field, `${prefix}${key}.`, into);
    else into[`${prefix}${key}`] = field;
  }
  return into;
}

/** Every field of a brand and its markup (as stored: two decimals), one entry a field. */
export function brandValues(brand: Brand, markupPercent: number): BrandValues {
  return flatten({ ...brand, markupPercent: Number(markupPercent.toFixed(2)) }, '', {});
}

export interface BrandChange {
  /** The changed fields as they were (null for a new brand) and as they become. */
  before: BrandValues | null;
  after: BrandValues;
  /** Whether one of them is a field that needs a fresh password confirmation. */
  needsStepUp: boolean;
}

/** What a save changes: `before` is null for a brand being created, every field of which is new. */
export function brandChange(before: BrandValues | null, after: BrandValues): BrandChange {
  const changed = Object.keys(after).filter((field) => before?.[field] !== after[field]);
  const pick = (values: BrandValues) =>
    Object.fromEntries(changed.map((field) => [field, values[field]]));
  return {
    before: before === null ? null : pick(before),
    after: pick(after),
    needsStepUp: changed.some((field) => STEP_UP_BRAND_FIELDS.includes(field)),
  };
}
