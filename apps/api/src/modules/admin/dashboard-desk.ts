/** The back office's dashboard: bookings, sell and margin per brand and in total, failures and open holds. */
import { fromMinorUnits } from '@contrail/contracts/money';
import type {
  AdminDashboard,
  BackOfficeBrand,
  DashboardFigures,
} from '@contrail/contracts/back-office';
import { STALE_AFTER_MS } from '../bookings/bookings.service';
import type { BackOfficeActor, BackOfficeServiceDeps } from './back-office-access';
import type { BrandScope } from '../../db/brand-scope';
import type { RevenueRow } from '../bookings';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface DashboardDesk {
  dashboard(actor: BackOfficeActor): Promise<AdminDashboard>;
}

export function createDashboardDesk(
  deps: Pick<BackOfficeServiceDeps, 'brands' | 'figures' | 'clock'>,
): DashboardDesk {
  const { brands: brandRefs, figures: bookingFigures, clock } = deps;

  async function figures(
    scope: BrandScope,
    now: Date,
  ): Promise<{ byBrand: Map<string, DashboardFigures>; total: DashboardFigures }> {
    const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    const tomorrow = new Date(today.getTime() + DAY_MS);
    const weekStart = new Date(today.getTime() - 6 * DAY_MS);
    const monthStart = new Date(today.getTime() - 29 * DAY_MS);
    const [day, week, month, daily, failed, holds] = await Promise.all([
      bookingFigures.revenue(scope, today, tomorrow),
      bookingFigures.revenue(scope, weekStart, tomorrow),
      bookingFigures.revenue(scope, monthStart, tomorrow),
      bookingFigures.dailyBookings(scope, monthStart, tomorrow),
      bookingFigures.failedSince(scope, monthStart),
      bookingFigures.openHolds(scope, new Date(now.getTime() - STALE_AFTER_MS)),
    ]);
    const dates = Array.from({ length: 30 }, (_, i) =>
      new Date(monthStart.getTime() + i * DAY_MS).toISOString().slice(0, 10),
    );
    const period = (rows: RevenueRow[]) => {
      const byCurrency = new Map<string, { sell: number; margin: number }>();
      let count = 0;
      for (const row of rows) {
        count += row.bookings;
        const sum = byCurrency.get(row.currency) ?? { sell: 0, margin: 0 };
        sum.sell += row.sellMinor;
        sum.margin += row.marginMinor;
        byCurrency.set(row.currency, sum);
      }
      return {
        bookings: count,
        revenue: [...byCurrency.entries()]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([currency, sum]) => ({
            currency,
            sell: fromMinorUnits(sum.sell, currency),
            margin: fromMinorUnits(sum.margin, currency),
          })),
      };
    };
    const of = (brandId: string | null): DashboardFigures => {
      const mine = <T extends { brandId: string }>(rows: T[]) =>
        brandId === null ? rows : rows.filter((row) => row.brandId === brandId);
      const perDay = new Map<string, number>();
      for (const row of mine(daily))
        perDay.set(row.date, (perDay.get(row.date) ?? 0) + row.bookings);
      return {
        today: period(mine(day)),
        week: period(mine(week)),
        month: period(mine(month)),
        daily: dates.map((date) => ({ date, bookings: perDay.get(date) ?? 0 })),
        failed: mine(failed).reduce((sum, row) => sum + row.count, 0),
        openHolds: mine(holds).reduce((sum, row) => sum + row.count, 0),
      };
    };
    const brandIds = new Set(
      [...day, ...week, ...month, ...daily, ...failed, ...holds].map((row) => row.brandId),
    );
    return {
      byBrand: new Map([...brandIds].map((id) => [id, of(id)])),
      total: of(null),
    };
  }

  return {
    async dashboard(actor) {
      const brands = await brandRefs.list(actor.scope);
      const { byBrand, total } = await figures(actor.scope, clock());
      const empty = (await figures([], clock())).total;
      return {
        total,
        brands: brands.map((brand: BackOfficeBrand) => ({
          brand,
          figures: byBrand.get(brand.id) ?? empty,
        })),
      };
    },
  };
}
