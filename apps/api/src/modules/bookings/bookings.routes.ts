import {
  bookingMessages,
  createBookingRequestSchema,
  createBookingResponseSchema,
} from '@contrail/contracts/bookings';
import { apiErrorSchema } from '@contrail/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../lib/app-error';
import type { BookingsService } from './bookings.service';

const errors = {
  400: apiErrorSchema,
  402: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  410: apiErrorSchema,
  422: apiErrorSchema,
  504: apiErrorSchema,
};
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,200}$/;

export const bookingsRoutes: FastifyPluginAsyncZod<{ bookings: BookingsService }> = async (
  app,
  { bookings },
) => {
  app.post(
    '/bookings',
    {
      schema: {
        body: createBookingRequestSchema,
        response: { 201: createBookingResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key'];
      if (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key)) {
        throw badRequest(
          bookingMessages.idempotencyKeyRequired,
          undefined,
          'idempotency_key_required',
        );
      }
      const result = await bookings.create(
        { brand: await request.brand(), auth: await request.auth() },
        {
          offerId: request.body.offerId,
          passengers: request.body.passengers,
          seats: request.body.seats ?? [],
          paymentDetails: request.body.paymentDetails,
        },
        key,
      );
      const { session, ...body } = result;
      if (session) reply.startSession(session.token, session.expiresAt);
      return reply.status(201).send(body);
    },
  );
};
