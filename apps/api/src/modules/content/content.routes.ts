import {
  enquiryMessages,
  enquiryRequestSchema,
  enquiryResponseSchema,
  newsletterRequestSchema,
  newsletterResponseSchema,
} from '@contrail/contracts/enquiries';
import { apiErrorSchema } from '@contrail/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ContentService } from './content.service';

const errors = { 400: apiErrorSchema, 429: apiErrorSchema };

export const contentRoutes: FastifyPluginAsyncZod<{ content: ContentService }> = async (
  app,
  { content },
) => {
  app.post(
    '/contact',
    {
      config: { multilineFields: ['message'] },
      schema: { body: enquiryRequestSchema, response: { 201: enquiryResponseSchema, ...errors } },
    },
    async (request, reply) => {
      const { id: brandId } = await request.brand();
      const { kind, email, ...fields } = request.body;
      const { reference } = await content.submitEnquiry(
        { brandId, kind, email, fields },
        request.ip,
      );
      return reply
        .status(201)
        .send({ success: true as const, reference, message: enquiryMessages.contactReceived });
    },
  );

  app.post(
    '/newsletter',
    {
      schema: {
        body: newsletterRequestSchema,
        response: { 200: newsletterResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { id: brandId } = await request.brand();
      await content.subscribe(brandId, request.body.email, request.ip);
      // The same answer whether or not the address was already subscribed: no list probing.
      return { success: true as const, message: enquiryMessages.subscribed };
    },
  );
};
