import type { BrandErrorCode } from '@contrail/contracts/brand-errors';
import { notFound, type AppError } from '../../lib/app-error';

/** The codes of brands, by name. */
const brandErrorCodes = {
  brandNotFound: 'brand_not_found',
} as const satisfies Record<string, BrandErrorCode>;

/** The errors of brands, with the status each answers. */
export const brandErrors = {
  /** 404: no brand with that key or id. */
  notFound: (message = 'Brand not found'): AppError =>
    notFound(message, brandErrorCodes.brandNotFound),
};
