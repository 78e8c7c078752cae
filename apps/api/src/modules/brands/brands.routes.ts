import { brandKeyParamsSchema, brandSchema } from '@contrail/contracts/brands';
import { apiErrorSchema } from '@contrail/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { brandErrors } from './brands.errors';
import type { BrandsService } from './brands.service';

export const brandsRoutes: FastifyPluginAsyncZod<{ brands: BrandsService }> = async (
  app,
  { brands },
) => {
  app.get(
    '/brands/:key',
    {
      schema: { params: brandKeyParamsSchema, response: { 200: brandSchema, 404: apiErrorSchema } },
    },
    async (request, reply) => {
      const brand = await brands.findPublicBrand(request.params.key.toLowerCase());
      if (!brand) throw brandErrors.notFound();
      // Brands change rarely, but a saved change must show at the next page load.
      void reply.header('cache-control', 'no-cache');
      return brand;
    },
  );
};
