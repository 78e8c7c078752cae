import { createElement } from 'react';
import { AppError } from '../../lib/app-error';
import type { RateLimiter } from '../../lib/rate-limit';
import type { BrandContext } from '../brands/brands.service';
import { brandSender, money, PriceDropEmail, renderEmail, type EmailOutbox } from '../email';
import type { FlightsService } from '../flights/flights.service';
import { readAlertCriteria, readAlertSiteUrl } from './alerts.columns';
import type { AlertRow, AlertsRepository } from './alerts.repository';
import { searchUrl, tripOf, type AlertLinks } from './alert-links';

/**
 * The scheduled re-pricing of price alerts: departed alerts expire, those due are priced from a
 * traveller's cached search or from the provider within an hourly budget, and a price below the
 * last one e-mailed sends a price-drop e-mail.
 */

/** An alert is re-priced at most this often. */
const CHECK_EVERY_MS = 6 * 60 * 60 * 1000;
export const HOUR_MS = 60 * 60 * 1000;

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

/** Runs `work` in one transaction: a price and its e-mail are recorded together or not at all. */
export type AlertsTransaction = <T>(
  work: (tx: { alerts: AlertsRepository; outbox: EmailOutbox }) => Promise<T>,
) => Promise<T>;

export interface AlertChecks {
  /** The scheduled job: expires departed alerts and re-prices those due, within the budget. */
  runChecks(): Promise<AlertCheckRun>;
}

/** "2026-12-20" for the UTC day of `at`. */
const utcDay = (at: Date) => at.toISOString().slice(0, 10);

export function createAlertChecks(
  {
    alerts,
    inTransaction,
    flights,
    limiter,
    brandById,
    searchesPerHour,
    log,
    clock,
  }: {
    alerts: AlertsRepository;
    inTransaction: AlertsTransaction;
    flights: Pick<FlightsService, 'cheapestPrice'>;
    limiter: RateLimiter;
    brandById: (id: string) => Promise<BrandContext | undefined>;
    /** The job's provider searches per hour, across every process. */
    searchesPerHour: number;
    log: AlertLog;
    clock: () => Date;
  },
  { unsubscribeUrl, stopPageUrl }: AlertLinks,
): AlertChecks {
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

  return {
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
