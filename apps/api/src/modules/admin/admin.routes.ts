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
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { forbidden } from '../../lib/app-error';
import { requireUser } from '../../plugins/session';
import type { Authenticated } from '../auth/auth.service';
import type { AdminService } from './admin.service';
import { backOfficeRoutes, staffRoutes } from './back-office.routes';
import type { BackOfficeService } from './back-office.service';

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

/** The Fastify instance the admin routes are registered on (zod types). */
type AdminApp = Parameters<FastifyPluginAsyncZod>[0];

/** The platform's settings: read and changed by platform admins. */
function settingsRoutes(platform: AdminApp, admin: AdminService) {
  platform.get(
    '/admin/settings',
    { schema: { response: { 200: adminSettingsSchema, ...errors } } },
    () => admin.getSettings(),
  );

  platform.post(
    '/admin/settings',
    {
      schema: {
        body: adminSettingsUpdateSchema,
        response: { 200: adminSettingsSchema, ...errors },
      },
    },
    (request) => admin.updateSettings(adminOf(request), request.body),
  );
}

/** The brands: listed, created, changed and deleted by platform admins. */
function brandRoutes(platform: AdminApp, admin: AdminService) {
  platform.get(
    '/admin/brands',
    { schema: { response: { 200: adminBrandListSchema, ...errors } } },
    async () => ({
      brands: await admin.listBrands(),
    }),
  );

  platform.post(
    '/admin/brands',
    {
      config: { multilineFields: ['contact.address'] },
      schema: { body: brandInputSchema, response: { 201: adminBrandSchema, ...errors } },
    },
    async (request, reply) =>
      reply.status(201).send(await admin.createBrand(adminOf(request), request.body)),
  );

  platform.put(
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

  platform.delete(
    '/admin/brands/:id',
    { schema: { params: brandIdParamsSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await admin.deleteBrand(adminOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}

/** The platform's routes (settings, brands, staff): platform admins only. */
const platformRoutes: FastifyPluginAsyncZod<{
  admin: AdminService;
  backOffice: BackOfficeService;
}> = async (scope, { admin, backOffice }) => {
  const platform = scope.withTypeProvider<ZodTypeProvider>();
  platform.addHook('onRequest', async (request) => {
    const current = await requireUser(request);
    if (!current.user.isAdmin) throw forbidden(adminMessages.accessDenied);
    request.admin = current;
    request.backOffice = await backOffice.actorOf(current);
  });

  settingsRoutes(platform, admin);
  brandRoutes(platform, admin);

  await platform.register(staffRoutes, { backOffice });
};

/** The back office's routes: platform admins and brand staff, scoped to their brands. */
const officeRoutes: FastifyPluginAsyncZod<{
  admin: AdminService;
  backOffice: BackOfficeService;
}> = async (scope, { admin, backOffice }) => {
  const office = scope.withTypeProvider<ZodTypeProvider>();
  office.addHook('onRequest', async (request) => {
    const current = await requireUser(request);
    request.backOffice = await backOffice.actorOf(current);
    request.admin = current;
  });

  office.post(
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

  await office.register(backOfficeRoutes, { backOffice });
};

/**
 * Two kinds of routes, both checked on the server in `onRequest` (401 signed out, 403 otherwise),
 * before the body is read, so that no one else learns what a route takes: the platform's
 * (settings, brands, staff), for platform admins only; and the back office's, for platform admins
 * and brand staff, each call scoped to the brands the caller may see.
 */
export const adminRoutes: FastifyPluginAsyncZod<{
  admin: AdminService;
  backOffice: BackOfficeService;
}> = async (app, { admin, backOffice }) => {
  await app.register(platformRoutes, { admin, backOffice });
  await app.register(officeRoutes, { admin, backOffice });
};
