import { apiErrorSchema } from '@contrail/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DuffelWebhooksService } from './duffel-webhooks.service';

/** What Duffel hears back: any 2xx ends its retries. */
const receivedSchema = z.object({ received: z.literal(true) });

/**
 * `POST /api/webhooks/duffel`, the endpoint registered with Duffel. Its body is kept as the bytes
 * received (for this route only): the signature is over them, and JSON parsed and written again
 * would not match it.
 */
export const duffelWebhooksRoutes: FastifyPluginAsyncZod<{
  webhooks: DuffelWebhooksService;
}> = async (app, { webhooks }) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });

  app.post(
    '/webhooks/duffel',
    {
      schema: {
        response: { 200: receivedSchema, 400: apiErrorSchema, 415: apiErrorSchema },
      },
    },
    async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      await webhooks.receive(body, request.headers['x-duffel-signature']);
      return { received: true as const };
    },
  );
};
