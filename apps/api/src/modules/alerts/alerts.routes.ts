import {
  alertIdParamsSchema,
  alertLinkResponseSchema,
  alertListSchema,
  alertMessages,
  alertTokenBodySchema,
  alertTokenQuerySchema,
  createAlertRequestSchema,
  createAlertResponseSchema,
} from '@contrail/contracts/alerts';
import { apiErrorSchema } from '@contrail/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, signedInOnly } from '../../plugins/session';
import { alertErrors } from './alerts.errors';
import type { AlertsService } from './alerts.service';

const errors = {
  400: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
  429: apiErrorSchema,
};

/** The Fastify instance the routes are registered on (zod types). */
type RouteApp = Parameters<FastifyPluginAsyncZod>[0];

/** Tracking a trip, and the signed-in traveller’s alerts. */
function trackingRoutes(app: RouteApp, alerts: AlertsService) {
  app.post(
    '/alerts',
    {
      schema: {
        body: createAlertRequestSchema,
        response: { 200: createAlertResponseSchema, 201: createAlertResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const brand = await request.brand();
      const signedIn = await request.auth();
      const answer = await alerts.create(
        {
          brand,
          user:
            signedIn && !signedIn.session.requiresPasswordChange
              ? { id: signedIn.user.id, email: signedIn.user.email }
              : null,
          siteUrl: await request.siteUrl(),
          ip: request.ip,
        },
        request.body,
      );
      return reply.status(answer.status === 'active' ? 201 : 200).send(answer);
    },
  );

  app.get(
    '/alerts',
    { onRequest: signedInOnly(), schema: { response: { 200: alertListSchema } } },
    async (request) => {
      const { user } = await requireUser(request);
      const { id: brandId } = await request.brand();
      return { alerts: await alerts.list(brandId, user.id) };
    },
  );

  app.delete(
    '/alerts/:id',
    {
      onRequest: signedInOnly(),
      schema: { params: alertIdParamsSchema, response: { 204: z.null(), 404: apiErrorSchema } },
    },
    async (request, reply) => {
      const { user } = await requireUser(request);
      const { id: brandId } = await request.brand();
      await alerts.stop(brandId, user.id, request.params.id);
      return reply.status(204).send(null);
    },
  );
}

/** What the e-mailed links do: confirm a guest’s alert, and the one-click unsubscribe. */
function alertLinkRoutes(app: RouteApp, alerts: AlertsService) {
  // A mail client's one-click unsubscribe posts `List-Unsubscribe=One-Click` as a form (either
  // encoding, RFC 8058): the token is in the address, the body says nothing else.
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data'],
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, done) => {
      done(null, {});
    },
  );

  app.post(
    '/alerts/confirm',
    {
      schema: {
        body: alertTokenBodySchema,
        response: { 200: alertLinkResponseSchema, 410: apiErrorSchema },
      },
    },
    async (request) => {
      if (!(await alerts.confirm(request.body.token))) throw alertErrors.linkInvalid();
      return { success: true as const, message: alertMessages.confirmed };
    },
  );

  // RFC 8058 one-click unsubscribe: the address of every alert e-mail's List-Unsubscribe header,
  // POSTed by mail clients without a session; the signed token in the address is the proof.
  // The page the e-mail's own link opens (/price-alert) posts here too.
  app.post(
    '/alerts/unsubscribe',
    {
      schema: {
        querystring: alertTokenQuerySchema,
        response: { 200: alertLinkResponseSchema, 410: apiErrorSchema },
      },
    },
    async (request) => {
      if (!(await alerts.unsubscribe(request.query.token))) throw alertErrors.linkInvalid();
      return { success: true as const, message: alertMessages.unsubscribed };
    },
  );
}

export const alertsRoutes: FastifyPluginAsyncZod<{ alerts: AlertsService }> = async (
  app,
  { alerts },
) => {
  trackingRoutes(app, alerts);
  alertLinkRoutes(app, alerts);
};
