import type { DashboardFigures } from '@contrail/contracts/back-office';
import { Link } from '@tanstack/react-router';
import { AlertTriangleIcon, CreditCardIcon } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { useDashboard } from '../api/back-office';
import { formatMoney } from '../lib/back-office-texts';
import { BackOfficeLayout } from './back-office-layout';
import { ListState } from './back-office-parts';

/** `/admin`: bookings, revenue and what needs attention, in total and per brand. */
export function DashboardPage() {
  const dashboard = useDashboard();
  const data = dashboard.data;
  return (
    <BackOfficeLayout
      title="Dashboard"
      description="Bookings and revenue (sell price and margin) today, over 7 and 30 days, and what needs attention."
    >
      <ListState
        query={dashboard}
        isEmpty={!data}
        empty="Nothing to show yet."
        failure="Failed to load the dashboard."
      >
        {data ? (
          <div className="grid gap-6">
            {data.brands.length > 1 ? <Figures title="All brands" figures={data.total} /> : null}
            {data.brands.map(({ brand, figures }) => (
              <Figures key={brand.id} title={brand.name} figures={figures} brandId={brand.id} />
            ))}
          </div>
        ) : null}
      </ListState>
    </BackOfficeLayout>
  );
}

const PERIODS = [
  ['today', 'Today'],
  ['week', 'Last 7 days'],
  ['month', 'Last 30 days'],
] as const;

function Figures({
  title,
  figures,
  brandId,
}: {
  title: string;
  figures: DashboardFigures;
  brandId?: string;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2} className="text-xl">
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-6">
        <dl className="grid gap-4 sm:grid-cols-3">
          {PERIODS.map(([key, label]) => {
            const period = figures[key];
            return (
              <div key={key} className="grid gap-1 rounded-lg border border-border p-4">
                <dt className="text-sm text-muted-foreground">{label}</dt>
                <dd className="grid gap-1">
                  <span className="text-2xl font-bold text-foreground">
                    {`${period.bookings} ${period.bookings === 1 ? 'booking' : 'bookings'}`}
                  </span>
                  {period.revenue.length === 0 ? (
                    <span className="text-sm text-muted-foreground">No revenue</span>
                  ) : (
                    period.revenue.map((r) => (
                      <span key={r.currency} className="text-sm text-muted-foreground">
                        {`${formatMoney({ amount: r.sell, currency: r.currency })} sold · ${formatMoney({ amount: r.margin, currency: r.currency })} margin`}
                      </span>
                    ))
                  )}
                </dd>
              </div>
            );
          })}
        </dl>
        <DailyChart daily={figures.daily} />
        <FollowUpLinks figures={figures} brandId={brandId} />
      </CardContent>
    </Card>
  );
}

/** Bookings per day over 30 days as bars; the figures are also given as text for screen readers. */
function DailyChart({ daily }: { daily: DashboardFigures['daily'] }) {
  const max = Math.max(1, ...daily.map((d) => d.bookings));
  const total = daily.reduce((sum, d) => sum + d.bookings, 0);
  const first = daily[0]?.date ?? '';
  const last = daily.at(-1)?.date ?? '';
  return (
    <figure className="grid gap-2">
      <figcaption className="text-sm text-muted-foreground">
        {`Bookings per day, ${first} to ${last} (${total} in all, at most ${max} a day)`}
      </figcaption>
      <svg
        viewBox={`0 0 ${daily.length * 10} 60`}
        preserveAspectRatio="none"
        className="h-24 w-full text-primary"
        aria-hidden="true"
      >
        {daily.map((day, index) => {
          const height = (day.bookings / max) * 56;
          return (
            <rect
              key={day.date}
              x={index * 10 + 1}
              y={60 - height}
              width={8}
              height={Math.max(height, day.bookings > 0 ? 2 : 0.5)}
              className="fill-current"
              opacity={day.bookings > 0 ? 1 : 0.25}
            >
              <title>{`${day.date}: ${day.bookings}`}</title>
            </rect>
          );
        })}
      </svg>
    </figure>
  );
}

/** The bookings to look into: failed in the last 30 days, and card holds still open. */
function FollowUpLinks({ figures, brandId }: { figures: DashboardFigures; brandId?: string }) {
  return (
    <div className="flex flex-wrap gap-3">
      <Link
        to="/admin/bookings"
        search={{
          status: 'failed',
          // The same 30 days as the count.
          ...(figures.daily[0] ? { bookedFrom: figures.daily[0].date } : {}),
          ...(brandId ? { brandId } : {}),
        }}
        className="inline-flex items-center gap-2 rounded-md border border-border px-3 py-2 text-sm font-medium text-foreground hover:bg-muted"
      >
        <AlertTriangleIcon aria-hidden="true" className="size-4" />
        {`${figures.failed} failed in 30 days`}
      </Link>
      <Link
        to="/admin/bookings"
        search={{ payment: 'held', ...(brandId ? { brandId } : {}) }}
        className="inline-flex items-center gap-2 rounded-md border border-border px-3 py-2 text-sm font-medium text-foreground hover:bg-muted"
      >
        <CreditCardIcon aria-hidden="true" className="size-4" />
        {`${figures.openHolds} open card ${figures.openHolds === 1 ? 'hold' : 'holds'} to check`}
      </Link>
    </div>
  );
}
