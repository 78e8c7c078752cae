import type { RouteOptions } from 'fastify';
import { toJsonSchema, type JsonSchema } from './schema-arbitrary';

/** One route of the app, with the JSON Schema of what its contract takes. */
export interface RouteSpec {
  method: string;
  url: string;
  params?: JsonSchema;
  query?: JsonSchema;
  body?: JsonSchema;
}

/**
 * Collects every route the app registers (pass `onRoute` to `buildApp`): the fuzz suite walks
 * the real route table, so a route added tomorrow is fuzzed without anyone listing it.
 */
export function routeRecorder(): { onRoute: (route: RouteOptions) => void; routes: RouteSpec[] } {
  const routes: RouteSpec[] = [];
  return {
    routes,
    onRoute(route) {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const schema = route.schema ?? {};
      const params = toJsonSchema(schema.params);
      const query = toJsonSchema(schema.querystring);
      const body = toJsonSchema(schema.body);
      for (const method of methods) {
        routes.push({
          method,
          url: route.url,
          ...(params ? { params } : {}),
          ...(query ? { query } : {}),
          ...(body ? { body } : {}),
        });
      }
    },
  };
}
