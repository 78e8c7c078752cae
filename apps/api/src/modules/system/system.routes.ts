import { apiErrorSchema } from '@contrail/contracts/errors';
import { siteInfoSchema, type SiteInfo } from '@contrail/contracts/site';
import { healthSchema, readySchema, systemModeSchema } from '@contrail/contracts/system';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { databaseUnavailable } from '../../plugins/errors';
import { createDatabaseCheck } from './database-check';
import type { SystemService } from './system.service';

export interface SystemRoutesOptions {
  system: SystemService;
  ping: () => Promise<void>;
  site: SiteInfo;
  /** How long health and readiness wait for the database. */
  databaseCheckTimeoutMs?: number;
}

export const systemRoutes: FastifyPluginAsyncZod<SystemRoutesOptions> = async (
  app,
  { system, ping, site, databaseCheckTimeoutMs },
) => {
  const databaseAnswers = createDatabaseCheck(ping, {
    ...(databaseCheckTimeoutMs === undefined ? {} : { timeoutMs: databaseCheckTimeoutMs }),
    onFailure: (error) => app.log.warn({ err: error }, 'database did not answer'),
  });
  const checkDatabase = async () => {
    if (!(await databaseAnswers())) {
      throw databaseUnavailable();
    }
  };

  // For load balancers and monitors: 200 only while this process can serve, database included.
  app.get(
    '/health',
    { schema: { response: { 200: healthSchema, 503: apiErrorSchema } } },
    async () => {
      await checkDatabase();
      return { status: 'ok' as const, database: 'ok' as const };
    },
  );

  app.get(
    '/ready',
    { schema: { response: { 200: readySchema, 503: apiErrorSchema } } },
    async () => {
      await checkDatabase();
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
