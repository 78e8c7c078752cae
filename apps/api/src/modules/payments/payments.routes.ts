import { apiErrorSchema } from '@contrail/contracts/errors';
import { processCardRequestSchema, processCardResponseSchema } from '@contrail/contracts/payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ensureCheckoutToken } from './checkout-owner';
import type { PaymentsService } from './payments.service';

const errors = {
  400: apiErrorSchema,
  402: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  410: apiErrorSchema,
  422: apiErrorSchema,
};

export const paymentsRoutes: FastifyPluginAsyncZod<{
  payments: PaymentsService;
  secureCookies: boolean;
}> = async (app, { payments, secureCookies }) => {
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
      const signedIn = await request.auth();
      // A guest's authorisation belongs to this browser: only it may book with it.
      const owner = signedIn
        ? { userId: signedIn.user.id, checkoutToken: null }
        : { userId: null, checkoutToken: ensureCheckoutToken(request, reply, secureCookies) };
      const result = await payments.processCard(brand, owner, {
        offerId: request.body.offerId,
        amount: request.body.amount,
        currency: request.body.currency,
        seats: request.body.seats ?? [],
        passengers: request.body.passengers,
        card: request.body.cardDetails,
      });
      return { success: true as const, ...result };
    },
  );
};
