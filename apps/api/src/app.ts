// The whole app on one database (buildApp): its framework, request plugins, services, routes
// and jobs, each built in its own file (app-*.ts).
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from './app-deps';
import { createFramework } from './app-framework';
import { decorateJobs, scheduleJobs } from './app-jobs';
import { registerRequestPlugins, registerRoutes } from './app-routes';
import { createServices } from './app-services';

export type { AppDeps } from './app-deps';

/**
 * The whole app on one database: its framework and request plugins, every service, the API's
 * routes and the web app's pages, and its jobs.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = await createFramework(deps);
  const services = await createServices(app, deps);
  await registerRequestPlugins(app, deps.config, services, deps.admittedAtOnce);
  await registerRoutes(app, deps, services);
  const { mailFolder } = decorateJobs(app, deps, services);
  scheduleJobs(app, deps, mailFolder);
  return app;
}
