import { z } from 'zod';

export const NEW_BRAND = 'new';

/** `/admin/brands?edit={id}` opens a brand in the editor; `?edit=new` starts a new one. */
export const brandManagerSearchSchema = z.object({
  edit: z
    .union([z.literal(NEW_BRAND), z.uuid()])
    .optional()
    .catch(undefined),
});
export type BrandManagerSearch = z.infer<typeof brandManagerSearchSchema>;
