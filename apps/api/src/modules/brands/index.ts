/**
 * What other modules use of the brands module besides its service: the brand store the admin
 * module writes through (with its audit record, in one transaction) and the row mapping.
 */
export { toBrandRow, toPublicBrand } from './brands.mapper';
export type { BrandsRepository } from './brands.repository';
export type { BrandRow } from './brands.table';
