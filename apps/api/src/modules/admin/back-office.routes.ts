import {
  adminActionResponseSchema,
  adminBookingDetailSchema,
  adminBookingListSchema,
  adminBookingsQuerySchema,
  adminCancelQuoteSchema,
  adminIdParamsSchema,
  adminNoteRequestSchema,
} from '@contrail/contracts/back-office-bookings';
import {
  adminAuditListSchema,
  adminAuditQuerySchema,
  adminDashboardSchema,
  adminEmailIdParamsSchema,
  adminEmailSchema,
  adminEnquiriesQuerySchema,
  adminEnquiryIdParamsSchema,
  adminEnquiryListSchema,
  adminEnquirySchema,
  adminNewsletterCsvQuerySchema,
  adminNewsletterQuerySchema,
  adminOutboxListSchema,
  adminOutboxQuerySchema,
  adminReplyRequestSchema,
  adminStaffListSchema,
  adminStaffMemberSchema,
  adminStaffParamsSchema,
  adminStaffRequestSchema,
  adminSubscriberIdParamsSchema,
  adminSubscriberListSchema,
  adminSubscriberSchema,
  backOfficeAccessSchema,
} from '@contrail/contracts/back-office';
import { adminMessages } from '@contrail/contracts/admin';
import { cancelBookingBodySchema } from '@contrail/contracts/bookings';
import { apiErrorSchema } from '@contrail/contracts/errors';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../lib/app-error';
import { readIdempotencyKey } from '../../lib/idempotency-key';
import type { BackOfficeActor, BackOfficeService, RecordKind } from './back-office.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The back office's caller: a platform admin, or staff of one brand (set in onRequest). */
    backOffice?: BackOfficeActor;
  }
}

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
  429: apiErrorSchema,
  502: apiErrorSchema,
  503: apiErrorSchema,
};

function actorOf(request: FastifyRequest): BackOfficeActor {
  if (!request.backOffice) throw forbidden(adminMessages.accessDenied);
  return request.backOffice;
}

/**
 * A `preValidation` hook for routes on one record: another brand's record (or none) is a 404
 * before the body is validated, so that staff learn nothing of other brands' records, not even
 * what a request about one would take.
 */
function ownRecord(backOffice: BackOfficeService, kind: RecordKind) {
  return async (request: FastifyRequest) => {
    const { id } = request.params as { id?: unknown };
    await backOffice.assertVisible(actorOf(request), kind, typeof id === 'string' ? id : '');
  };
}

/** The back office: every route for platform admins and brand staff, scoped to their brands. */
/** The Fastify instance the back-office routes are registered on (zod types). */
type BackOfficeApp = Parameters<FastifyPluginAsyncZod>[0];

/** The signed-in back-office user’s access and the dashboard. */
function overviewRoutes(app: BackOfficeApp, backOffice: BackOfficeService) {
  app.get(
    '/admin/me',
    { schema: { response: { 200: backOfficeAccessSchema, ...errors } } },
    (request) => backOffice.access(actorOf(request)),
  );

  app.get(
    '/admin/dashboard',
    { schema: { response: { 200: adminDashboardSchema, ...errors } } },
    (request) => backOffice.dashboard(actorOf(request)),
  );
}

/** The bookings list, one booking and what cancelling it would refund. */
function bookingReadRoutes(app: BackOfficeApp, backOffice: BackOfficeService) {
  const booking = ownRecord(backOffice, 'booking');

  app.get(
    '/admin/bookings',
    {
      schema: {
        querystring: adminBookingsQuerySchema,
        response: { 200: adminBookingListSchema, ...errors },
      },
    },
    (request) => backOffice.listBookings(actorOf(request), request.query),
  );

  app.get(
    '/admin/bookings/:id',
    {
      preValidation: booking,
      schema: {
        params: adminIdParamsSchema,
        response: { 200: adminBookingDetailSchema, ...errors },
      },
    },
    (request) => backOffice.booking(actorOf(request), request.params.id),
  );

  app.get(
    '/admin/bookings/:id/cancel-quote',
    {
      preValidation: booking,
      schema: { params: adminIdParamsSchema, response: { 200: adminCancelQuoteSchema, ...errors } },
    },
    (request) => backOffice.cancelQuote(actorOf(request), request.params.id),
  );
}

/** What staff do to a booking: resend, cancel, release the hold, reconcile, note. */
function bookingActionRoutes(app: BackOfficeApp, backOffice: BackOfficeService) {
  const booking = ownRecord(backOffice, 'booking');

  const action = {
    params: adminIdParamsSchema,
    response: { 200: adminActionResponseSchema, ...errors },
  };

  app.post(
    '/admin/bookings/:id/resend-email',
    { preValidation: booking, schema: action },
    (request) =>
      backOffice.resendConfirmation(
        actorOf(request),
        request.params.id,
        readIdempotencyKey(request),
      ),
  );

  app.post(
    '/admin/bookings/:id/cancel',
    // The quote staff were shown is the one confirmed (no body: the airline's quote now).
    { preValidation: booking, schema: { ...action, body: cancelBookingBodySchema } },
    (request) =>
      backOffice.cancel(
        actorOf(request),
        request.params.id,
        readIdempotencyKey(request),
        request.body?.quoteId,
      ),
  );

  app.post('/admin/bookings/:id/void', { preValidation: booking, schema: action }, (request) =>
    backOffice.voidHold(actorOf(request), request.params.id, readIdempotencyKey(request)),
  );

  app.post('/admin/bookings/:id/reconcile', { preValidation: booking, schema: action }, (request) =>
    backOffice.reconcile(actorOf(request), request.params.id, readIdempotencyKey(request)),
  );

  app.post(
    '/admin/bookings/:id/notes',
    {
      preValidation: booking,
      config: { multilineFields: ['body'] },
      schema: { ...action, body: adminNoteRequestSchema },
    },
    (request) =>
      backOffice.addNote(
        actorOf(request),
        request.params.id,
        request.body.body,
        readIdempotencyKey(request),
      ),
  );
}

/** The inbox: contact and support messages and booking look-ups, and replies to them. */
function inboxRoutes(app: BackOfficeApp, backOffice: BackOfficeService) {
  app.get(
    '/admin/enquiries',
    {
      schema: {
        querystring: adminEnquiriesQuerySchema,
        response: { 200: adminEnquiryListSchema, ...errors },
      },
    },
    (request) =>
      backOffice.enquiries(
        actorOf(request),
        { brand: request.query.brand, status: request.query.status, kind: request.query.kind },
        request.query.page,
        request.query.pageSize,
      ),
  );

  app.post(
    '/admin/enquiries/:id/reply',
    {
      preValidation: ownRecord(backOffice, 'enquiry'),
      config: { multilineFields: ['message'] },
      schema: {
        params: adminEnquiryIdParamsSchema,
        body: adminReplyRequestSchema,
        response: { 200: adminEnquirySchema, ...errors },
      },
    },
    (request) =>
      backOffice.reply(
        actorOf(request),
        request.params.id,
        request.body.message,
        readIdempotencyKey(request),
      ),
  );
}

/** Newsletter subscribers, their CSV export and unsubscribing one. */
function newsletterRoutes(app: BackOfficeApp, backOffice: BackOfficeService) {
  app.get(
    '/admin/newsletter',
    {
      schema: {
        querystring: adminNewsletterQuerySchema,
        response: { 200: adminSubscriberListSchema, ...errors },
      },
    },
    (request) =>
      backOffice.subscribers(
        actorOf(request),
        { brand: request.query.brand, status: request.query.status },
        request.query.page,
        request.query.pageSize,
      ),
  );

  app.get(
    '/admin/newsletter.csv',
    {
      schema: {
        querystring: adminNewsletterCsvQuerySchema,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const csv = await backOffice.subscribersCsv(actorOf(request), request.query.brand);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="newsletter-subscribers.csv"')
        .send(csv);
    },
  );

  app.post(
    '/admin/newsletter/:id/unsubscribe',
    {
      preValidation: ownRecord(backOffice, 'subscriber'),
      schema: {
        params: adminSubscriberIdParamsSchema,
        response: { 200: adminSubscriberSchema, ...errors },
      },
    },
    (request) => backOffice.unsubscribe(actorOf(request), request.params.id),
  );
}

/** The e-mail outbox (and sending a failed message again) and the audit log. */
function outboxAndAuditRoutes(app: BackOfficeApp, backOffice: BackOfficeService) {
  app.get(
    '/admin/outbox',
    {
      schema: {
        querystring: adminOutboxQuerySchema,
        response: { 200: adminOutboxListSchema, ...errors },
      },
    },
    (request) =>
      backOffice.outbox(
        actorOf(request),
        { brand: request.query.brand, status: request.query.status },
        request.query.page,
        request.query.pageSize,
      ),
  );

  app.post(
    '/admin/outbox/:id/resend',
    {
      preValidation: ownRecord(backOffice, 'email'),
      schema: { params: adminEmailIdParamsSchema, response: { 200: adminEmailSchema, ...errors } },
    },
    (request) => backOffice.resendEmail(actorOf(request), request.params.id),
  );

  app.get(
    '/admin/audit',
    {
      schema: {
        querystring: adminAuditQuerySchema,
        response: { 200: adminAuditListSchema, ...errors },
      },
    },
    (request) =>
      backOffice.audit(
        actorOf(request),
        request.query.brand,
        request.query.page,
        request.query.pageSize,
      ),
  );
}

export const backOfficeRoutes: FastifyPluginAsyncZod<{ backOffice: BackOfficeService }> = async (
  app,
  { backOffice },
) => {
  overviewRoutes(app, backOffice);
  bookingReadRoutes(app, backOffice);
  bookingActionRoutes(app, backOffice);
  inboxRoutes(app, backOffice);
  newsletterRoutes(app, backOffice);
  outboxAndAuditRoutes(app, backOffice);
};

/** Granting and withdrawing the brand-staff role: platform admins only (see adminRoutes). */
export const staffRoutes: FastifyPluginAsyncZod<{ backOffice: BackOfficeService }> = async (
  app,
  { backOffice },
) => {
  app.get(
    '/admin/staff',
    { schema: { response: { 200: adminStaffListSchema, ...errors } } },
    async (request) => ({ staff: await backOffice.listStaff(actorOf(request)) }),
  );

  app.post(
    '/admin/staff',
    {
      schema: {
        body: adminStaffRequestSchema,
        response: { 201: adminStaffMemberSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await backOffice.grantStaff(
            actorOf(request),
            request.body.username,
            request.body.brandId,
          ),
        ),
  );

  app.delete(
    '/admin/staff/:userId',
    { schema: { params: adminStaffParamsSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await backOffice.revokeStaff(actorOf(request), request.params.userId);
      return reply.status(204).send(null);
    },
  );
};
