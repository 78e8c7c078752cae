import { apiErrorSchema } from '@contrail/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { StripeWebhooksService } from './stripe-webhooks.service';

/** What Stripe hears back: any 2xx ends its retries. */
const receivedSchema = z.object({ received: z.literal(true) });

/**
 * `POST /api/payments/stripe/webhook`, the endpoint set up in Stripe's dashboard. Its body is
 * kept as the bytes received (for this route only): the signature is over them, and JSON parsed
 * and written again would not match it.
 */
export const stripeWebhooksRoutes: FastifyPluginAsyncZod<{
  webhooks: StripeWebhooksService;
}> = async (app, { webhooks }) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });

  app.post(
    '/payments/stripe/webhook',
    {
      schema: {
        response: { 200: receivedSchema, 400: apiErrorSchema, 415: apiErrorSchema },
      },
    },
    async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      await webhooks.receive(body, request.headers['stripe-signature']);
      return { received: true as const };
    },
  );
};
