import {
  changePasswordRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
} from '@contrail/contracts/account-forms';
import {
  authMessages,
  changePasswordResponseSchema,
  currentUserSchema,
  loginRequestSchema,
  logoutResponseSchema,
} from '@contrail/contracts/auth';
import {
  forgotPasswordRequestSchema,
  forgotPasswordResponseSchema,
  resetMessages,
  resetPasswordResponseSchema,
  resetTokenCheckRequestSchema,
  resetTokenCheckResponseSchema,
} from '@contrail/contracts/password-reset';
import {
  registerResponseSchema,
  verificationMessages,
  verifyEmailRequestSchema,
  verifyEmailResponseSchema,
} from '@contrail/contracts/email-verification';
import { apiErrorSchema } from '@contrail/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, signedInOnly } from '../../plugins/session';
import type { AccountLinksService } from './account-links.service';
import { toCurrentUser, type AuthService, type BackOfficeCheck } from './auth.service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};

/** The Fastify instance the routes are registered on (zod types). */
type RouteApp = Parameters<FastifyPluginAsyncZod>[0];

interface AuthRouteOptions {
  auth: AuthService;
  links: AccountLinksService;
  opensBackOffice: BackOfficeCheck;
}

/** Registering, signing in and out, and the signed-in user. */
function accountRoutes(app: RouteApp, { auth, opensBackOffice }: AuthRouteOptions) {
  app.post(
    '/auth/register',
    {
      schema: { body: registerRequestSchema, response: { 201: registerResponseSchema, ...errors } },
    },
    async (request, reply) => {
      await auth.register({
        brand: await request.brand(),
        input: request.body,
        ip: request.ip,
        siteUrl: await request.siteUrl(),
      });
      return reply
        .status(201)
        .send({ success: true as const, message: verificationMessages.registered });
    },
  );

  app.post(
    '/auth/login',
    { schema: { body: loginRequestSchema, response: { 200: currentUserSchema, ...errors } } },
    async (request, reply) => {
      const { id: brandId } = await request.brand();
      const signedIn = await auth.login(brandId, request.body, request.ip, {
        token: request.sessionToken(),
        device: request.deviceCookie(),
      });
      reply.startSession(signedIn.token, signedIn.expiresAt);
      if (signedIn.device) reply.rememberDevice(signedIn.device);
      return toCurrentUser(
        signedIn.user,
        signedIn.requiresPasswordChange,
        await opensBackOffice(signedIn.user),
      );
    },
  );

  app.post(
    '/auth/logout',
    { schema: { response: { 200: logoutResponseSchema, ...errors } } },
    async (request, reply) => {
      const token = request.sessionToken();
      if (token) await auth.logout(token);
      reply.endSession();
      return { success: true as const };
    },
  );

  app.get(
    '/auth/user',
    {
      onRequest: signedInOnly({ allowPendingPasswordChange: true }),
      schema: { response: { 200: currentUserSchema, ...errors } },
    },
    async (request) => {
      const { user, session } = await requireUser(request, { allowPendingPasswordChange: true });
      return toCurrentUser(user, session.requiresPasswordChange, await opensBackOffice(user));
    },
  );
}

/** Changing a password, and asking for a reset link by e-mail. */
function passwordChangeRoutes(app: RouteApp, { auth }: AuthRouteOptions) {
  app.post(
    '/auth/change-password',
    {
      onRequest: signedInOnly({ allowPendingPasswordChange: true }),
      schema: {
        body: changePasswordRequestSchema,
        response: { 200: changePasswordResponseSchema, ...errors },
      },
    },
    async (request) => {
      const current = await requireUser(request, { allowPendingPasswordChange: true });
      await auth.changePassword(current, request.body);
      return { success: true as const, message: authMessages.passwordUpdated };
    },
  );

  app.post(
    '/auth/forgot-password',
    {
      schema: {
        body: forgotPasswordRequestSchema,
        response: { 202: forgotPasswordResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      await auth.requestPasswordReset({
        brand: await request.brand(),
        email: request.body.email,
        ip: request.ip,
        siteUrl: await request.siteUrl(),
      });
      return reply.status(202).send({ success: true as const, message: resetMessages.linkSent });
    },
  );
}

/** A reset link checked, and the new password set with it. */
function passwordResetRoutes(app: RouteApp, { auth }: AuthRouteOptions) {
  app.post(
    '/auth/reset-password/check',
    {
      schema: {
        body: resetTokenCheckRequestSchema,
        response: { 200: resetTokenCheckResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { id: brandId } = await request.brand();
      return { valid: await auth.checkResetToken(brandId, request.body.token) };
    },
  );

  app.post(
    '/auth/reset-password',
    {
      schema: {
        body: resetPasswordRequestSchema,
        response: { 200: resetPasswordResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { id: brandId } = await request.brand();
      await auth.resetPassword(brandId, request.body, request.ip);
      // This browser signs in again too, with the new password.
      const token = request.sessionToken();
      if (token) await auth.logout(token);
      reply.endSession();
      return { success: true as const, message: resetMessages.passwordReset };
    },
  );
}

/** Confirming the account's address with the e-mailed link, signed in; a new link on request. */
function verificationRoutes(app: RouteApp, { links }: AuthRouteOptions) {
  app.post(
    '/auth/verify-email',
    {
      onRequest: signedInOnly(),
      schema: {
        body: verifyEmailRequestSchema,
        response: { 200: verifyEmailResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      const message = await links.confirm(user, request.body.token, request.ip);
      return { success: true as const, message };
    },
  );

  app.post(
    '/auth/verify-email/resend',
    {
      onRequest: signedInOnly(),
      schema: { response: { 200: verifyEmailResponseSchema, ...errors } },
    },
    async (request) => {
      const { user } = await requireUser(request);
      const message = await links.resend(user, await request.brand(), await request.siteUrl());
      return { success: true as const, message };
    },
  );
}

export const authRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, options) => {
  accountRoutes(app, options);
  verificationRoutes(app, options);
  passwordChangeRoutes(app, options);
  passwordResetRoutes(app, options);
};
