import { either, oneOf, searchParams, uuid } from '../../../lib/search-param-readers';

export const NEW_BRAND = 'new';

const brandManagerShape = { edit: either(oneOf([NEW_BRAND]), uuid) };
/** `/admin/brands?edit={id}` opens a brand in the editor; `?edit=new` starts a new one. */
export const readBrandManagerSearch = searchParams(brandManagerShape);
