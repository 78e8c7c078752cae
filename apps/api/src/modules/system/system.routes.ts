import { apiErrorSchema } from '@contrail/contracts/errors';
import { siteInfoSchema, type SiteInfo } from '@contrail/contracts/site';
import { healthSchema, readySchema, systemModeSchema } from '@contrail/contracts/system';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import type { SystemService } from './system.service';

export interface SystemRoutesOptions {
  system: SystemService;
  ping: () => Promise<void>;
  site: SiteInfo;
}

export const systemRoutes: FastifyPluginAsyncZod<SystemRoutesOptions> = async (
  app,
  { system, ping, site },
) => {
  app.get('/health', { schema: { response: { 200: healthSchema } } }, () => ({
    status: 'ok' as const,
  }));

  app.get(
    '/ready',
    { schema: { response: { 200: readySchema, 503: apiErrorSchema } } },
    async (request) => {
      try {
        await ping();
      } catch (error) {
        request.log.warn({ err: error }, 'database did not answer');
        throw new AppError(503, 'database_unavailable', 'The database is not answering');
      }
      return { status: 'ready' as const };
    },
  );

  app.get('/system/mode', { schema: { response: { 200: systemModeSchema } } }, () =>
    system.getMode(),
  );

  app.get('/site', { schema: { response: { 200: siteInfoSchema } } }, (_request, reply) => {
    void reply.header('cache-control', 'public, max-age=300');
    return site;
  });
};
