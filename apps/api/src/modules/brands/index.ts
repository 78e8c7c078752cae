/**
 * What other modules use of the brands module besides its service: the brand store the admin
 * module writes through (with its audit record, in one transaction) the row mapping and its error
 * answers, and the brands as the back office names them.
 */
export { brandErrors } from './brands.errors';
export { toBrandRow, toPublicBrand } from './brands.mapper';
export type { BrandRef, BrandRefsRepository } from './brand-refs.repository';
export type { BrandsRepository } from './brands.repository';
export type { BrandRow } from './brands.table';
