import { createHash, randomBytes } from 'node:crypto';
import { createElement } from 'react';
import {
  ALERT_CONFIRMATION_VALID_HOURS,
  alertMessages,
  MAX_ACTIVE_ALERTS,
  type Alert,
  type CreateAlertResponse,
} from '@contrail/contracts/alerts';
import type { SearchCriteria } from '@contrail/contracts/flight-search';
import { fromMinorUnits } from '@contrail/contracts/money';
import { addressBucket, type RateLimiter } from '../../lib/rate-limit';
import { pageUrl, type SiteUrl } from '../../lib/site-url';
import type { BrandContext } from '../brands/brands.service';
import { AlertConfirmationEmail, brandSender, renderEmail, type EmailOutbox } from '../email';
import type { FlightsService } from '../flights/flights.service';
import {
  createAlertChecks,
  HOUR_MS,
  type AlertChecks,
  type AlertLog,
  type AlertsTransaction,
} from './alert-checks';
import { createAlertLinks, tripOf } from './alert-links';
import { readAlertCriteria } from './alerts.columns';
import { alertErrors } from './alerts.errors';
import type { AlertRow, AlertsRepository } from './alerts.repository';

/** Alerts one address (or client) may create per hour: the newsletter's limit. */
const CREATE_LIMIT = { max: 10, windowMs: 60 * 60 * 1000 };

export interface AlertsService extends AlertChecks {
  create(
    context: {
      brand: BrandContext;
      user: { id: string; email: string } | null;
      siteUrl: SiteUrl;
      ip: string;
    },
    input: SearchCriteria & { email?: string | undefined },
  ): Promise<CreateAlertResponse>;
  list(brandId: string, userId: string): Promise<Alert[]>;
  /** Stops the user's alert; 404 for any alert that is not theirs on this brand. */
  stop(brandId: string, userId: string, id: string): Promise<void>;
  /** A guest's confirmation link: the alert it started, or null for an unknown or used link. */
  confirm(token: string): Promise<AlertRow | null>;
  /** Stops the alert an unsubscribe link names; null for a forged link. */
  unsubscribe(token: string): Promise<AlertRow | null>;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

function toAlertView(row: AlertRow): Alert {
  const criteria = readAlertCriteria(row.criteria);
  return {
    id: row.id,
    origin: criteria.origin,
    destination: criteria.destination,
    departureDate: criteria.departureDate,
    returnDate:
      criteria.tripType === 'round-trip' && criteria.returnDate ? criteria.returnDate : null,
    tripType: criteria.tripType,
    cabinClass: criteria.cabinClass,
    adultsCount: criteria.adultsCount,
    childrenCount: criteria.childrenCount,
    infantsCount: criteria.infantsCount,
    status: row.status === 'expired' ? 'expired' : 'active',
    lastPrice:
      row.lastPriceMinor !== null && row.currency
        ? { amount: fromMinorUnits(row.lastPriceMinor, row.currency), currency: row.currency }
        : null,
    lastCheckedAt: row.lastCheckedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Only what a search needs is kept (never the e-mail address typed with it). */
function criteriaOf(input: SearchCriteria): SearchCriteria {
  return {
    origin: input.origin,
    destination: input.destination,
    departureDate: input.departureDate,
    ...(input.tripType === 'round-trip' && input.returnDate
      ? { returnDate: input.returnDate }
      : {}),
    cabinClass: input.cabinClass,
    adultsCount: input.adultsCount,
    childrenCount: input.childrenCount,
    infantsCount: input.infantsCount,
    childrenAges: input.childrenAges,
    infantsAges: input.infantsAges,
    tripType: input.tripType,
  };
}

export function createAlertsService({
  alerts,
  inTransaction,
  flights,
  limiter,
  brandById,
  accountOf,
  unsubscribeSecret,
  searchesPerHour,
  log,
  clock,
}: {
  alerts: AlertsRepository;
  outbox: EmailOutbox;
  /** Runs `work` in one transaction: a price and its e-mail are recorded together or not at all. */
  inTransaction: AlertsTransaction;
  flights: Pick<FlightsService, 'cheapestPrice' | 'checkCriteria'>;
  limiter: RateLimiter;
  brandById: (id: string) => Promise<BrandContext | undefined>;
  /** The brand's account with this e-mail address, if any: a confirmed guest alert joins it. */
  accountOf: (brandId: string, email: string) => Promise<{ id: string } | undefined>;
  /** Signs unsubscribe links (an installation secret): they work without signing in. */
  unsubscribeSecret: string;
  /**
   * ALERT_SEARCHES_PER_HOUR: the job's provider searches per hour, across every process. A check
   * answered by a search a traveller made (still cached) costs none.
   */
  searchesPerHour: number;
  log: AlertLog;
  clock: () => Date;
}): AlertsService {
  const links = createAlertLinks(unsubscribeSecret);
  const { idOfUnsubscribeToken } = links;

  /**
   * A guest's alert waits for the e-mailed link. The answer is the same whatever the address:
   * whether it has an account, alerts, or too many.
   */
  async function trackForGuest(
    brand: BrandContext,
    siteUrl: SiteUrl,
    alert: {
      brandId: string;
      criteria: SearchCriteria;
      departureDate: string;
      siteUrl: SiteUrl;
      createdAt: Date;
      email: string;
    },
    now: Date,
  ): Promise<CreateAlertResponse> {
    const { email, criteria } = alert;
    const answer: CreateAlertResponse = {
      status: 'pending_confirmation',
      message: alertMessages.checkEmail,
    };
    if ((await alerts.countOpenForEmail(brand.id, email, now)) >= MAX_ACTIVE_ALERTS) return answer;
    const token = randomBytes(32).toString('base64url');
    const confirmUrl = pageUrl(siteUrl, '/price-alert', { confirm: token });
    const rendered = await renderEmail(
      createElement(AlertConfirmationEmail, {
        brand: brand.brand,
        trip: tripOf(criteria),
        confirmUrl,
        validHours: ALERT_CONFIRMATION_VALID_HOURS,
      }),
    );
    await inTransaction(async (tx) => {
      const row = await tx.alerts.insert({
        ...alert,
        userId: null,
        status: 'pending',
        confirmTokenHash: sha256(token),
        confirmExpiresAt: new Date(now.getTime() + ALERT_CONFIRMATION_VALID_HOURS * HOUR_MS),
      });
      await tx.outbox.queue(
        {
          brandId: brand.id,
          recipient: email,
          ...brandSender(brand.brand),
          subject: `Confirm your ${brand.brand.name} price alert`,
          ...rendered,
          kind: 'alert_confirmation',
          relatedId: row.id,
        },
        now,
      );
    });
    return answer;
  }

  return {
    async create({ brand, user, siteUrl, ip }, input) {
      await limiter.consume(
        `alerts:create:${addressBucket(ip)}`,
        CREATE_LIMIT,
        alertMessages.tooManyRequests,
      );
      const criteria = criteriaOf(input);
      flights.checkCriteria(criteria);
      const now = clock();
      const base = {
        brandId: brand.id,
        criteria,
        departureDate: criteria.departureDate,
        siteUrl,
        createdAt: now,
      };
      if (user) {
        if ((await alerts.countOpenForUser(brand.id, user.id)) >= MAX_ACTIVE_ALERTS) {
          throw alertErrors.limitReached();
        }
        const row = await alerts.insert({
          ...base,
          userId: user.id,
          email: user.email,
          status: 'active',
        });
        return { status: 'active', message: alertMessages.tracking, alert: toAlertView(row) };
      }
      const email = input.email?.trim();
      if (!email) throw alertErrors.emailRequired();
      return trackForGuest(brand, siteUrl, { ...base, email }, now);
    },

    async list(brandId, userId) {
      return (await alerts.listForUser(brandId, userId)).map(toAlertView);
    },

    async stop(brandId, userId, id) {
      const stopped = await inTransaction(async (tx) => {
        if (!(await tx.alerts.stopForUser(brandId, userId, id, clock()))) return false;
        // A drop e-mail queued a moment ago and not yet sent does not go out either.
        await tx.outbox.withdraw('price_alert', id);
        return true;
      });
      if (!stopped) throw alertErrors.notFound();
    },

    async confirm(token) {
      const row = await alerts.confirm(sha256(token), clock());
      if (row?.userId !== null) return row;
      // The link proved the address is theirs: the alert joins the account that has it (one
      // signed in with a temporary password included), unless that account has its maximum.
      const account = await accountOf(row.brandId, row.email);
      if (!account) return row;
      if ((await alerts.countOpenForUser(row.brandId, account.id)) >= MAX_ACTIVE_ALERTS) return row;
      return (await alerts.attach(row.id, account.id)) ?? row;
    },

    async unsubscribe(token) {
      const id = idOfUnsubscribeToken(token);
      if (!id) return null;
      return inTransaction(async (tx) => {
        const row = await tx.alerts.stop(id, clock());
        if (row) await tx.outbox.withdraw('price_alert', id);
        return row;
      });
    },

    ...createAlertChecks(
      { alerts, inTransaction, flights, limiter, brandById, searchesPerHour, log, clock },
      links,
    ),
  };
}
