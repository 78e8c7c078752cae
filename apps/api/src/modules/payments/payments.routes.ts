import { apiErrorSchema } from '@contrail/contracts/errors';
import {
  createIntentRequestSchema,
  createIntentResponseSchema,
  paymentConfigSchema,
  processCardRequestSchema,
  processCardResponseSchema,
} from '@contrail/contracts/payments';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readIdempotencyKey } from '../../lib/idempotency-key';
import { ensureCheckoutToken } from './checkout-owner';
import type { PaymentIntentsService } from './payment-intents.service';
import type { PaymentOwner, PaymentsService } from './payments.service';

const errors = {
  400: apiErrorSchema,
  402: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  410: apiErrorSchema,
  422: apiErrorSchema,
  503: apiErrorSchema,
};

/** A guest's payment belongs to this browser (a cookie made now if it has none): only it may book. */
async function ownerOf(
  request: FastifyRequest,
  reply: FastifyReply,
  secureCookies: boolean,
): Promise<PaymentOwner> {
  const signedIn = await request.auth();
  return signedIn
    ? { userId: signedIn.user.id, checkoutToken: null }
    : { userId: null, checkoutToken: ensureCheckoutToken(request, reply, secureCookies) };
}

export const paymentsRoutes: FastifyPluginAsyncZod<{
  payments: PaymentsService;
  intents: PaymentIntentsService;
  secureCookies: boolean;
}> = async (app, { payments, intents, secureCookies }) => {
  app.get('/payments/config', { schema: { response: { 200: paymentConfigSchema } } }, async () =>
    intents.config(),
  );

  app.post(
    '/payments/intents',
    {
      schema: {
        body: createIntentRequestSchema,
        response: { 200: createIntentResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const key = readIdempotencyKey(request);
      const brand = await request.brand();
      const owner = await ownerOf(request, reply, secureCookies);
      return intents.createIntent(
        brand,
        owner,
        {
          offerId: request.body.offerId,
          amount: request.body.amount,
          currency: request.body.currency,
          seats: request.body.seats ?? [],
          services: request.body.services ?? [],
          passengers: request.body.passengers,
        },
        key,
      );
    },
  );

  app.post(
    '/payments/process-card',
    {
      schema: {
        body: processCardRequestSchema,
        response: { 200: processCardResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const brand = await request.brand();
      const owner = await ownerOf(request, reply, secureCookies);
      const result = await payments.processCard(brand, owner, {
        offerId: request.body.offerId,
        amount: request.body.amount,
        currency: request.body.currency,
        seats: request.body.seats ?? [],
        services: request.body.services ?? [],
        passengers: request.body.passengers,
        card: request.body.cardDetails,
      });
      return { success: true as const, ...result };
    },
  );
};
