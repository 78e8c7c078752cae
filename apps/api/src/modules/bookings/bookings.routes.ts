import {
  createBookingRequestSchema,
  createBookingResponseSchema,
} from '@contrail/contracts/bookings';
import { apiErrorSchema } from '@contrail/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readIdempotencyKey } from '../../lib/idempotency-key';
import {
  bookingIdParamsSchema,
  bookingListSchema,
  bookingLookupQuerySchema,
  bookingViewSchema,
  cancelBookingBodySchema,
  cancelBookingResponseSchema,
  cancellationQuoteSchema,
  tripMessages,
} from '@contrail/contracts/bookings';
import type { FastifyRequest } from 'fastify';
import { requireUser, signedInOnly } from '../../plugins/session';
import { readCheckoutToken } from '../payments';
import type { BookingsService } from './bookings.service';
import type { Owner, TripsService } from './trips.service';

const errors = {
  400: apiErrorSchema,
  402: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  410: apiErrorSchema,
  422: apiErrorSchema,
  503: apiErrorSchema,
  504: apiErrorSchema,
};

async function ownerOf(request: FastifyRequest): Promise<Owner> {
  const { user } = await requireUser(request);
  const brand = await request.brand();
  // A confirmed address of the brand's own account also sees the guest bookings made with it.
  const verifiedEmail = user.emailVerifiedAt && user.brandId === brand.id ? user.email : null;
  return { brand, userId: user.id, verifiedEmail };
}

/** The Fastify instance the routes are registered on (zod types). */
type RouteApp = Parameters<FastifyPluginAsyncZod>[0];

interface BookingsRouteOptions {
  bookings: BookingsService;
  trips: TripsService;
  secureCookies: boolean;
}

/** My Trips: the traveller’s bookings, one booking, and the guest look-up by reference and e-mail. */
function tripRoutes(app: RouteApp, { trips }: BookingsRouteOptions) {
  app.get(
    '/bookings',
    {
      onRequest: signedInOnly(),
      schema: { response: { 200: bookingListSchema, 401: apiErrorSchema, ...errors } },
    },
    async (request) => ({ bookings: await trips.list(await ownerOf(request)) }),
  );

  app.get(
    '/bookings/lookup',
    {
      // Each look-up is kept for the inbox: a HEAD (a link checker, a monitor) is not one.
      exposeHeadRoute: false,
      schema: {
        querystring: bookingLookupQuerySchema,
        response: { 200: bookingViewSchema, 429: apiErrorSchema, ...errors },
      },
    },
    async (request) =>
      trips.lookup(await request.brand(), request.query.reference, request.query.email, request.ip),
  );

  app.get(
    '/bookings/:id',
    {
      onRequest: signedInOnly(),
      schema: {
        params: bookingIdParamsSchema,
        response: { 200: bookingViewSchema, 401: apiErrorSchema, ...errors },
      },
    },
    async (request) => trips.get(await ownerOf(request), request.params.id),
  );
}

/** What cancelling would refund, and the cancellation itself. */
function cancellationRoutes(app: RouteApp, { trips }: BookingsRouteOptions) {
  app.get(
    '/bookings/:id/cancellation',
    {
      onRequest: signedInOnly(),
      schema: {
        params: bookingIdParamsSchema,
        response: { 200: cancellationQuoteSchema, 401: apiErrorSchema, ...errors },
      },
    },
    async (request) => trips.quoteCancellation(await ownerOf(request), request.params.id),
  );

  app.post(
    '/bookings/:id/cancel',
    {
      onRequest: signedInOnly(),
      schema: {
        params: bookingIdParamsSchema,
        // The quote the traveller was shown, confirmed as it is (no body: a quote asked now).
        body: cancelBookingBodySchema,
        response: { 200: cancelBookingResponseSchema, 401: apiErrorSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      message: tripMessages.cancelled,
      booking: await trips.cancel(
        await ownerOf(request),
        request.params.id,
        await request.siteUrl(),
        request.body?.quoteId,
      ),
    }),
  );
}

/** Making a booking with an authorised payment, under its Idempotency-Key. */
function bookingRoutes(app: RouteApp, { bookings, secureCookies }: BookingsRouteOptions) {
  app.post(
    '/bookings',
    {
      schema: {
        body: createBookingRequestSchema,
        response: { 201: createBookingResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const key = readIdempotencyKey(request);
      const result = await bookings.create(
        {
          brand: await request.brand(),
          auth: await request.auth(),
          siteUrl: await request.siteUrl(),
          checkoutToken: readCheckoutToken(request, secureCookies),
        },
        {
          offerId: request.body.offerId,
          passengers: request.body.passengers,
          seats: request.body.seats ?? [],
          services: request.body.services ?? [],
          paymentDetails: request.body.paymentDetails,
        },
        key,
      );
      return reply.status(201).send(result);
    },
  );
}

export const bookingsRoutes: FastifyPluginAsyncZod<BookingsRouteOptions> = async (app, options) => {
  tripRoutes(app, options);
  cancellationRoutes(app, options);
  bookingRoutes(app, options);
};
