import { createHash } from 'node:crypto';
import { airportListSchema } from '@contrail/contracts/airports';
import { apiErrorSchema } from '@contrail/contracts/errors';
import { searchRequestSchema } from '@contrail/contracts/flight-search';
import {
  datePricesResponseSchema,
  offerIdParamsSchema,
  offerSchema,
  offerVerificationSchema,
  seatMapsResponseSchema,
} from '@contrail/contracts/offers';
import { priceCalendarQuerySchema, priceCalendarSchema } from '@contrail/contracts/price-calendar';
import { searchResultsSchema } from '@contrail/contracts/search-results-schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/app-error';
import { clientLeft } from '../../lib/client-left';
import { JsonAnswer, sendJsonAnswer } from '../../lib/json-answer';
import { compiledSerializer } from '../../lib/response-serializer';
import type { FlightsService } from './flights.service';

const errors = {
  400: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  410: apiErrorSchema,
  422: apiErrorSchema,
  502: apiErrorSchema,
  503: apiErrorSchema,
  504: apiErrorSchema,
};

/**
 * Search and offer answers are serialised (and compressed) once by the service, which may cache
 * them, with the compiled serializer of the same response schema a route's answer is written
 * from (`lib/response-serializer.ts`): the route sends those bytes as they are.
 */

const airlineCodeSchema = z.object({ code: z.string().regex(/^[A-Z0-9]{2}$/) });

/** The Fastify instance the flight routes are registered on (zod types). */
type FlightsApp = Parameters<FastifyPluginAsyncZod>[0];

/** The airports list and the airlines' logos: the same for every search. */
function referenceRoutes(app: FlightsApp, flights: FlightsService) {
  // The list never changes while the process runs: serialised and compressed once, cached
  // everywhere.
  const airports = { airports: [...flights.airports()] };
  const airportsJson = compiledSerializer(airportListSchema)(airports);
  const airportsAnswer = new JsonAnswer(airportsJson);
  const etag = `"${createHash('sha256').update(airportsJson).digest('base64url').slice(0, 27)}"`;

  app.get('/airports', async (request, reply) => {
    void reply.header('cache-control', 'public, max-age=86400').header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return sendJsonAnswer(request, reply, airportsAnswer);
  });

  // Airline marks, where the supplier's logo URLs point here. They never change for a code.
  app.get(
    '/airlines/:code/logo.svg',
    { schema: { params: airlineCodeSchema } },
    (request, reply) => {
      const svg = flights.airlineLogo(request.params.code);
      if (svg === undefined) throw notFound('No logo for this airline.');
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=604800')
        .header('x-content-type-options', 'nosniff')
        .send(svg);
    },
  );
}

/** Searching: the results, the prices around the dates, and the month's price calendar. */
function searchRoutes(app: FlightsApp, flights: FlightsService) {
  app.post(
    '/flights/search',
    {
      schema: { body: searchRequestSchema, response: { 200: searchResultsSchema, ...errors } },
    },
    // A traveller who leaves is no longer waited for (and, when nobody else waits for the same
    // search, neither is the provider).
    async (request, reply) =>
      sendJsonAnswer(
        request,
        reply,
        await flights.search(request.body, await request.brand(), clientLeft(request, reply)),
      ),
  );

  app.post(
    '/flights/date-prices',
    {
      schema: { body: searchRequestSchema, response: { 200: datePricesResponseSchema, ...errors } },
    },
    async (request, reply) =>
      flights.datePrices(request.body, await request.brand(), clientLeft(request, reply)),
  );

  app.get(
    '/flights/calendar',
    {
      schema: {
        querystring: priceCalendarQuerySchema,
        response: { 200: priceCalendarSchema, ...errors },
      },
    },
    async (request) => flights.priceCalendar(request.query, await request.brand()),
  );
}

/** One offer: its details, whether it still stands, and its seat maps. */
function offerRoutes(app: FlightsApp, flights: FlightsService) {
  app.get(
    '/flights/offer/:id',
    {
      schema: { params: offerIdParamsSchema, response: { 200: offerSchema, ...errors } },
    },
    async (request, reply) =>
      sendJsonAnswer(
        request,
        reply,
        await flights.getOffer(request.params.id, await request.brand()),
      ),
  );

  app.get(
    '/flights/verify-offer/:id',
    {
      schema: {
        params: offerIdParamsSchema,
        response: { 200: offerVerificationSchema, ...errors },
      },
    },
    (request) => flights.verifyOffer(request.params.id),
  );

  app.get(
    '/flights/seatmaps/:id',
    {
      schema: { params: offerIdParamsSchema, response: { 200: seatMapsResponseSchema, ...errors } },
    },
    async (request) => ({ data: await flights.getSeatMaps(request.params.id) }),
  );
}

export const flightsRoutes: FastifyPluginAsyncZod<{ flights: FlightsService }> = async (
  app,
  { flights },
) => {
  referenceRoutes(app, flights);
  searchRoutes(app, flights);
  offerRoutes(app, flights);
};
