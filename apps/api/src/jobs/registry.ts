import { EMAIL_QUEUED_CHANNEL } from '../modules/email';
import type { JobPolicy, WorkedJob } from './job-queue';

/**
 * Every background job of the app, on one queue (pg-boss, decision 026): its queue, schedule,
 * retry policy and overlap policy. docs/architecture.md's table of jobs lists the same; the keys
 * are the names of `app.jobs`' runs, which maintenance commands and tests call directly.
 *
 * Every queue is `stately`: one run waiting and one running at most, across all the processes
 * sharing the database, so a run never overlaps another and each cron slot runs once.
 */
/** The settling jobs' schedule and policy: every minute and at start, retried twice. */
const SETTLING = {
  cron: '* * * * *',
  atStart: true,
  policy: 'stately',
  retryLimit: 2,
  retryDelaySeconds: 15,
  retryBackoff: true,
  expireInSeconds: 10 * 60,
  pollingIntervalSeconds: 10,
} as const;

export const JOBS = {
  deliverEmails: {
    queue: 'email-delivery',
    does: 'Sends the e-mail due in the outbox (each message keeps its own attempts and backoff).',
    // The sweep for retries whose wait has passed (the outbox waits a minute at least).
    cron: '* * * * *',
    atStart: true,
    // Each e-mail queued NOTIFYs this channel as its change commits: sent at once.
    wakeOn: EMAIL_QUEUED_CHANNEL,
    policy: 'stately',
    retryLimit: 3,
    retryDelaySeconds: 5,
    retryBackoff: true,
    expireInSeconds: 15 * 60,
    pollingIntervalSeconds: 5,
  },
  settleBookings: {
    queue: 'bookings-reconcile',
    does: 'Settles bookings a crash or a provider fault left between steps.',
    ...SETTLING,
  },
  settleCancellations: {
    queue: 'cancellations-settle',
    does: 'Finishes interrupted cancellations, retries card refunds owed, asks airlines for refunds.',
    ...SETTLING,
  },
  sweepHolds: {
    queue: 'card-holds-sweep',
    does: 'Releases card holds older than an authorisation that no live booking will capture.',
    ...SETTLING,
  },
  checkPriceAlerts: {
    queue: 'price-alert-checks',
    does: 'Re-prices the price alerts due, within the hourly search budget, and e-mails drops.',
    cron: '*/10 * * * *',
    atStart: false,
    policy: 'stately',
    // A failed run is not retried: the next slot, 10 minutes on, runs again.
    retryLimit: 0,
    retryDelaySeconds: 0,
    retryBackoff: false,
    expireInSeconds: 15 * 60,
    pollingIntervalSeconds: 30,
  },
  checkAirlineChanges: {
    queue: 'airline-change-checks',
    does: 'Asks Duffel the airlines’ changes to upcoming booked orders (its webhooks can be missed).',
    cron: '*/15 * * * *',
    atStart: false,
    policy: 'stately',
    // A failed run is not retried: the next slot asks the bookings still due.
    retryLimit: 0,
    retryDelaySeconds: 0,
    retryBackoff: false,
    expireInSeconds: 15 * 60,
    pollingIntervalSeconds: 30,
  },
} as const satisfies Record<string, JobPolicy>;

export type JobName = keyof typeof JOBS;

/** The runs of every job, as `app.jobs` has them. */
export type JobRuns = Record<JobName, () => Promise<unknown>>;

/**
 * The jobs this process works, from its switches: e-mail delivery (EMAIL_DELIVERY_INTERVAL_MS:
 * how often its worker polls; 0, none), the settling of bookings, cancellations and card holds
 * with the check of the airlines' changes, and the price alerts (ALERT_JOBS).
 */
export function workedJobs(
  runs: JobRuns,
  {
    emailIntervalMs,
    settling,
    alerts,
  }: { emailIntervalMs: number; settling: boolean; alerts: boolean },
): WorkedJob[] {
  const worked: WorkedJob[] = [];
  const add = (name: JobName, pollingIntervalSeconds?: number) =>
    worked.push({
      policy: JOBS[name],
      run: runs[name],
      ...(pollingIntervalSeconds === undefined ? {} : { pollingIntervalSeconds }),
    });
  if (emailIntervalMs > 0) add('deliverEmails', emailIntervalMs / 1000);
  if (settling) {
    add('settleBookings');
    add('settleCancellations');
    add('sweepHolds');
    add('checkAirlineChanges');
  }
  if (alerts) add('checkPriceAlerts');
  return worked;
}
