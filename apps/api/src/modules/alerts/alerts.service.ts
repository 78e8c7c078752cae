import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createElement } from 'react';
import {
  ALERT_CONFIRMATION_VALID_HOURS,
  alertMessages,
  MAX_ACTIVE_ALERTS,
  type Alert,
  type CreateAlertResponse,
} from '@contrail/contracts/alerts';
import { agesToText, type SearchCriteria } from '@contrail/contracts/flight-search';
import { fromMinorUnits } from '@contrail/contracts/money';
import { AppError } from '../../lib/app-error';
import { addressBucket, type RateLimiter } from '../../lib/rate-limit';
import { pageUrl, type SiteUrl } from '../../lib/site-url';
import type { BrandContext } from '../brands/brands.service';
import {
  AlertConfirmationEmail,
  brandSender,
  money,
  PriceDropEmail,
  renderEmail,
  type AlertTrip,
  type EmailOutbox,
} from '../email';
import type { FlightsService } from '../flights/flights.service';
import { readAlertCriteria, readAlertSiteUrl } from './alerts.columns';
import { alertErrors } from './alerts.errors';
import type { AlertRow, AlertsRepository } from './alerts.repository';

/** Alerts one address (or client) may create per hour: the newsletter's limit. */
const CREATE_LIMIT = { max: 10, windowMs: 60 * 60 * 1000 };
/** An alert is re-priced at most this often. */
const CHECK_EVERY_MS = 6 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

export interface AlertLog {
  info(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
}

export interface AlertCheckRun {
  /** Alerts re-priced in this run. */
  checked: number;
  /** Price-drop e-mails queued. */
  emailed: number;
  /** Alerts whose departure date passed, no longer checked from now on. */
  expired: number;
  /** True when the hourly provider budget stopped the run with alerts still due. */
  budgetSpent: boolean;
}

export interface AlertsService {
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
  /** The scheduled job: expires departed alerts and re-prices those due, within the budget. */
  runChecks(): Promise<AlertCheckRun>;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** "2026-12-20" for the UTC day of `at`. */
const utcDay = (at: Date) => at.toISOString().slice(0, 10);

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

function tripOf(criteria: SearchCriteria): AlertTrip {
  return {
    origin: criteria.origin,
    destination: criteria.destination,
    departureDate: criteria.departureDate,
    returnDate:
      criteria.tripType === 'round-trip' && criteria.returnDate ? criteria.returnDate : null,
  };
}

/** The /search link of the tracked trip. */
function searchUrl(site: SiteUrl, criteria: SearchCriteria): string {
  const params: Record<string, string> = {
    origin: criteria.origin,
    destination: criteria.destination,
    departureDate: criteria.departureDate,
    tripType: criteria.tripType,
    cabinClass: criteria.cabinClass,
    adultsCount: String(criteria.adultsCount),
    childrenCount: String(criteria.childrenCount),
    infantsCount: String(criteria.infantsCount),
  };
  if (criteria.tripType === 'round-trip' && criteria.returnDate) {
    params.returnDate = criteria.returnDate;
  }
  const children = agesToText(criteria.childrenAges);
  const infants = agesToText(criteria.infantsAges);
  if (children) params.childrenAges = children;
  if (infants) params.infantsAges = infants;
  return pageUrl(site, '/search', params);
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
  outbox,
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
  inTransaction: <T>(
    work: (tx: { alerts: AlertsRepository; outbox: EmailOutbox }) => Promise<T>,
  ) => Promise<T>;
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
  const signature = (id: string) =>
    createHmac('sha256', unsubscribeSecret).update(`alert-unsubscribe:${id}`).digest('base64url');
  const unsubscribeToken = (id: string) => `${id}.${signature(id)}`;

  /** The alert id of a genuine unsubscribe token, else null. */
  function idOfUnsubscribeToken(token: string): string | null {
    const [id = '', given = ''] = token.split('.');
    if (!/^[0-9a-f-]{36}$/.test(id)) return null;
    const expected = Buffer.from(signature(id));
    const actual = Buffer.from(given);
    return actual.length === expected.length && timingSafeEqual(actual, expected) ? id : null;
  }

  /** The one-click address (List-Unsubscribe), and the page the e-mail's own link opens. */
  const unsubscribeUrl = (row: AlertRow) =>
    pageUrl(readAlertSiteUrl(row.siteUrl), '/api/alerts/unsubscribe', {
      token: unsubscribeToken(row.id),
    });
  const stopPageUrl = (row: AlertRow) =>
    pageUrl(readAlertSiteUrl(row.siteUrl), '/price-alert', { stop: unsubscribeToken(row.id) });

  /** Takes one unit of the hourly budget; false when it is spent. */
  async function budgetAllows(): Promise<boolean> {
    try {
      await limiter.consume(
        'alerts:provider-searches',
        { max: searchesPerHour, windowMs: HOUR_MS },
        '',
      );
      return true;
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 429) return false;
      throw error;
    }
  }

  async function queuePriceDrop(
    tx: { outbox: EmailOutbox },
    row: AlertRow,
    brand: BrandContext,
    price: { minor: number; currency: string },
    previousMinor: number,
  ) {
    const criteria = readAlertCriteria(row.criteria);
    const trip = tripOf(criteria);
    const unsubscribe = unsubscribeUrl(row);
    const rendered = await renderEmail(
      createElement(PriceDropEmail, {
        brand: brand.brand,
        trip,
        price: money(price.minor, price.currency),
        previousPrice: money(previousMinor, price.currency),
        searchUrl: searchUrl(readAlertSiteUrl(row.siteUrl), criteria),
        unsubscribeUrl: stopPageUrl(row),
      }),
    );
    await tx.outbox.queue(
      {
        brandId: row.brandId,
        recipient: row.email,
        ...brandSender(brand.brand),
        // RFC 8058: mail clients offer a one-click unsubscribe that POSTs to this address.
        headers: {
          'List-Unsubscribe': `<${unsubscribe}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
        subject: `Price drop: ${trip.origin} to ${trip.destination} now ${money(price.minor, price.currency)}`,
        ...rendered,
        kind: 'price_alert',
        relatedId: row.id,
      },
      clock(),
    );
  }

  /**
   * Re-prices one claimed alert: 'emailed' when the price fell, 'not_asked' when no cache held
   * the search and the hourly budget is spent.
   */
  async function check(row: AlertRow): Promise<'checked' | 'emailed' | 'not_asked'> {
    const brand = await brandById(row.brandId);
    if (!brand) return 'checked';
    const price = await priceOf(row, brand);
    if (price === 'not_asked') return price;
    if (price === null) return 'checked';
    const previous = row.notifiedMinor;
    if (previous === null || row.currency !== price.currency) {
      // The first price seen is the baseline: no e-mail, the next drop below it is.
      await alerts.recordPrice(row.id, price, price.minor);
      return 'checked';
    }
    if (price.minor >= previous) {
      await alerts.recordPrice(row.id, price, null);
      return 'checked';
    }
    const emailed = await inTransaction(async (tx) => {
      // Recorded only while the alert is active: an unsubscribe that came first wins.
      if (!(await tx.alerts.recordPrice(row.id, price, price.minor))) return false;
      await queuePriceDrop(tx, row, brand, price, previous);
      return true;
    });
    return emailed ? 'emailed' : 'checked';
  }

  /**
   * The trip's cheapest price now: from a search some traveller made, else from the provider
   * within the hourly budget. Null where it cannot be priced (the check is over).
   */
  async function priceOf(
    row: AlertRow,
    brand: BrandContext,
  ): Promise<{ minor: number; currency: string } | null | 'not_asked'> {
    try {
      return await flights.cheapestPrice(readAlertCriteria(row.criteria), brand, budgetAllows);
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 422) {
        // The trip can no longer be searched (it leaves today in its own time zone).
        await alerts.stopChecking(row.id);
        return null;
      }
      log.warn(
        { alert: row.id, reason: error instanceof Error ? error.message : String(error) },
        'price alert check failed',
      );
      return null;
    }
  }

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

    async runChecks() {
      const now = clock();
      const expired = await alerts.expireDeparted(utcDay(now));
      const checkedBefore = new Date(now.getTime() - CHECK_EVERY_MS);
      const run: AlertCheckRun = { checked: 0, emailed: 0, expired, budgetSpent: false };
      while (await alerts.hasDue(checkedBefore)) {
        const [claim] = await alerts.claimDue(now, checkedBefore, 1);
        if (!claim) break;
        const outcome = await check(claim.row);
        if (outcome === 'not_asked') {
          // Due again as it was: the next run within the budget checks it first.
          await alerts.releaseClaim(claim);
          run.budgetSpent = true;
          break;
        }
        run.checked += 1;
        if (outcome === 'emailed') run.emailed += 1;
      }
      if (run.checked + run.expired > 0) log.info({ ...run }, 'price alerts checked');
      return run;
    },
  };
}
