// The app's jobs as `app.jobs`, and the queue this process works them on.
import { resolve } from 'node:path';
import {
  createEmailService,
  createFileMailer,
  createSmtpMailer,
} from './modules/email/email.service';
import { startJobQueue, type JobQueue } from './jobs/job-queue';
import { workedJobs } from './jobs/registry';
import type { AppDeps } from './app-deps';
import type { App } from './app-framework';
import type { Services } from './app-services';

/** The app's jobs as `app.jobs`, and its caches' reset as `app.dropCaches`. */
export function decorateJobs(app: App, deps: AppDeps, services: Services) {
  const { config, mailer } = deps;
  const { money, trips, alerts } = services;
  const mailFolder = resolve(config.DATA_DIR, 'mail');
  const email = createEmailService({
    emails: services.accounts.emails,
    mailer:
      mailer ??
      (config.SMTP_URL ? createSmtpMailer(config.SMTP_URL) : createFileMailer(mailFolder)),
    from: config.EMAIL_FROM,
    log: app.log,
    clock: deps.clock ?? (() => new Date()),
  });
  app.decorate('dropCaches', () => {
    services.accounts.brands.invalidate();
    services.providers.registry.forgetMode();
    services.providers.forgetSharedSearches();
  });
  const settleBookings = () => money.bookings.reconcile();
  const settleCancellations = () => trips.reconcileCancellations();
  app.decorate('jobs', {
    settleBookings,
    settleCancellations,
    reconcileBookings: async () => (await settleBookings()) + (await settleCancellations()),
    sweepHolds: () => money.holds.sweep(),
    deliverEmails: () => email.deliverDue(),
    checkPriceAlerts: () => alerts.runChecks(),
    checkAirlineChanges: () => services.duffelWebhooks.checkChanges(),
  });
  return { mailFolder };
}

/**
 * The background jobs this process works, on the app's one job queue (pg-boss on the app's own
 * database, decision 026): started once the app is ready, stopped before it closes.
 */
export function scheduleJobs(
  app: App,
  {
    config,
    database,
    mailer,
    settlingJobs = true,
    emailIntervalMs = config.EMAIL_DELIVERY_INTERVAL_MS,
    alertJobs = config.ALERT_JOBS,
  }: AppDeps,
  mailFolder: string,
) {
  const jobs = workedJobs(app.jobs, {
    emailIntervalMs,
    settling: settlingJobs,
    alerts: alertJobs,
  });
  if (jobs.length === 0) return;
  let queue: JobQueue | undefined;
  app.addHook('onReady', async () => {
    if (emailIntervalMs > 0 && !mailer && !config.SMTP_URL) {
      app.log.info({ folder: mailFolder }, 'No SMTP_URL: e-mail is written as .eml files');
    }
    queue = await startJobQueue({
      db: { executeSql: (text, values) => database.executeSql(text, values) },
      listen: (channel, handlers) => database.listen(channel, handlers),
      jobs,
      log: app.log,
    });
  });
  // Before onClose, where the database may already be closing.
  app.addHook('preClose', async () => {
    await queue?.stop();
  });
}
