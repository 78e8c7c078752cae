import { apiErrorSchema } from '@contrail/contracts/errors';
import { siteInfoSchema, type SiteInfo } from '@contrail/contracts/site';
import { healthSchema, readySchema, systemModeSchema } from '@contrail/contracts/system';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { databaseUnavailable } from '../../plugins/errors';
import { createDatabaseCheck } from './database-check';
import type { SystemService } from './system.service';

interface HealthRoutesOptions {
  ping: () => Promise<void>;
  /** How long health and readiness wait for the database. */
  databaseCheckTimeoutMs?: number;
}

/**
 * GET /health and /ready, for load balancers and monitors: 200 only while requests can be
 * served, database included. Served by each server process, fast however busy it is by design:
 * they never wait for a turn of the admission queue (src/plugins/admission.ts, `bypass` in
 * app.ts), and their one database query is shared by every probe that arrives while it runs and
 * bounded by DATABASE_CHECK_TIMEOUT_MS.
 */
const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (
  app,
  { ping, databaseCheckTimeoutMs },
) => {
  const databaseAnswers = createDatabaseCheck(ping, {
    ...(databaseCheckTimeoutMs === undefined ? {} : { timeoutMs: databaseCheckTimeoutMs }),
    onFailure: (error) => app.log.warn({ err: error }, 'database did not answer'),
  });
  const checkCanServe = async () => {
    if (!(await databaseAnswers())) throw databaseUnavailable();
  };

  app.get(
    '/health',
    { schema: { response: { 200: healthSchema, 503: apiErrorSchema } } },
    async () => {
      await checkCanServe();
      return { status: 'ok' as const, database: 'ok' as const };
    },
  );

  app.get(
    '/ready',
    { schema: { response: { 200: readySchema, 503: apiErrorSchema } } },
    async () => {
      await checkCanServe();
      return { status: 'ready' as const };
    },
  );
};

export interface SystemRoutesOptions extends HealthRoutesOptions {
  system: SystemService;
  site: SiteInfo;
}

export const systemRoutes: FastifyPluginAsyncZod<SystemRoutesOptions> = async (
  app,
  { system, site, ...health },
) => {
  await app.register(healthRoutes, health);

  app.get('/system/mode', { schema: { response: { 200: systemModeSchema } } }, () =>
    system.getMode(),
  );

  app.get('/site', { schema: { response: { 200: siteInfoSchema } } }, (_request, reply) => {
    void reply.header('cache-control', 'public, max-age=300');
    return site;
  });
};
