import { apiErrorSchema } from '@contrail/contracts/errors';
import { processCardRequestSchema, processCardResponseSchema } from '@contrail/contracts/payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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

export const paymentsRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (
  app,
  { payments },
) => {
  app.post(
    '/payments/process-card',
    {
      schema: {
        body: processCardRequestSchema,
        response: { 200: processCardResponseSchema, ...errors },
      },
    },
    async (request) => {
      const brand = await request.brand();
      const signedIn = await request.auth();
      const result = await payments.processCard(brand, signedIn?.user.id ?? null, {
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
