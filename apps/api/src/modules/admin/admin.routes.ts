import {
  adminBrandListSchema,
  adminBrandSchema,
  adminLoginRequestSchema,
  adminLoginResponseSchema,
  adminMessages,
  adminSettingsSchema,
  adminSettingsUpdateSchema,
  brandIdParamsSchema,
  brandInputSchema,
} from '@contrail/contracts/admin';
import { apiErrorSchema } from '@contrail/contracts/errors';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forbidden } from '../../lib/app-error';
import { requireUser } from '../../plugins/session';
import type { Authenticated } from '../auth/auth.service';
import type { AdminService } from './admin.service';

declare module 'fastify' {
  interface FastifyRequest {
    admin?: Authenticated;
  }
}

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};

function adminOf(request: FastifyRequest): Authenticated {
  if (!request.admin) throw forbidden(adminMessages.accessDenied);
  return request.admin;
}

/**
 * Every route here is for platform admins only, checked on the server: 401 signed out, 403
 * otherwise, both before the body is read, so that no one else learns what a route takes.
 */
export const adminRoutes: FastifyPluginAsyncZod<{ admin: AdminService }> = async (
  app,
  { admin },
) => {
  app.addHook('onRequest', async (request) => {
    const current = await requireUser(request);
    if (!current.user.isAdmin) throw forbidden(adminMessages.accessDenied);
    request.admin = current;
  });

  app.get(
    '/admin/settings',
    { schema: { response: { 200: adminSettingsSchema, ...errors } } },
    () => admin.getSettings(),
  );

  app.post(
    '/admin/login',
    {
      schema: {
        body: adminLoginRequestSchema,
        response: { 200: adminLoginResponseSchema, ...errors },
      },
    },
    async (request) => {
      await admin.stepUp(adminOf(request), request.body.password);
      return { success: true as const, message: adminMessages.authenticated };
    },
  );

  app.post(
    '/admin/settings',
    {
      schema: {
        body: adminSettingsUpdateSchema,
        response: { 200: adminSettingsSchema, ...errors },
      },
    },
    (request) => admin.updateSettings(adminOf(request), request.body),
  );

  app.get(
    '/admin/brands',
    { schema: { response: { 200: adminBrandListSchema, ...errors } } },
    async () => ({
      brands: await admin.listBrands(),
    }),
  );

  app.post(
    '/admin/brands',
    {
      config: { multilineFields: ['contact.address'] },
      schema: { body: brandInputSchema, response: { 201: adminBrandSchema, ...errors } },
    },
    async (request, reply) =>
      reply.status(201).send(await admin.createBrand(adminOf(request), request.body)),
  );

  app.put(
    '/admin/brands/:id',
    {
      config: { multilineFields: ['contact.address'] },
      schema: {
        params: brandIdParamsSchema,
        body: brandInputSchema,
        response: { 200: adminBrandSchema, ...errors },
      },
    },
    (request) => admin.updateBrand(adminOf(request), request.params.id, request.body),
  );

  app.delete(
    '/admin/brands/:id',
    { schema: { params: brandIdParamsSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await admin.deleteBrand(adminOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
