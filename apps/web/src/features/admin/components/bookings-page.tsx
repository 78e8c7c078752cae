import type { AdminBookingSummary } from '@contrail/contracts/admin';
import { Link } from '@tanstack/react-router';
import { SearchIcon, XIcon } from 'lucide-react';
import { useState, type SyntheticEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { useAdminBookings, useBackOfficeAccess } from '../api/back-office';
import type { BookingsSearch } from '../lib/back-office-search';
import {
  bookingStateLabels,
  formatDateTime,
  formatLocalDate,
  formatMoney,
  paymentStateLabels,
} from '../lib/back-office-texts';
import { BackOfficeLayout } from './back-office-layout';
import { BrandSelect, ListState, Pagination, StateBadge } from './back-office-parts';

export const PAGE_SIZE = 25;

const SORTS = {
  'created-desc': 'Newest bookings first',
  'created-asc': 'Oldest bookings first',
  'travel-asc': 'Travel date, soonest first',
  'travel-desc': 'Travel date, latest first',
  'total-desc': 'Total, highest first',
  'total-asc': 'Total, lowest first',
} as const;
type SortKey = keyof typeof SORTS;

function stateTone(state: AdminBookingSummary['status']): 'ok' | 'warn' | 'muted' {
  if (state === 'confirmed') return 'ok';
  if (state === 'failed' || state === 'voiding') return 'warn';
  return 'muted';
}

function paymentTone(state: AdminBookingSummary['paymentState']): 'ok' | 'warn' | 'muted' {
  if (state === 'held') return 'warn';
  return state === 'captured' ? 'ok' : 'muted';
}

interface BookingsPageProps {
  search: BookingsSearch;
  onSearch: (next: BookingsSearch) => void;
}

/** `/admin/bookings`: find a booking (reference, id, e-mail, passenger), filter, sort, page. */
export function BookingsPage({ search, onSearch }: BookingsPageProps) {
  const bookings = useAdminBookings({ ...search, pageSize: PAGE_SIZE });
  const access = useBackOfficeAccess();
  const [text, setText] = useState(search.q ?? '');
  const update = (change: Partial<BookingsSearch>) =>
    onSearch({ ...search, ...change, page: undefined });
  const sortKey: SortKey = `${search.sort ?? 'created'}-${search.dir ?? 'desc'}`;

  function submit(event: SyntheticEvent) {
    event.preventDefault();
    update({ q: text.trim() || undefined });
  }

  const data = bookings.data;
  const filtered = Object.entries(search as Record<string, unknown>).some(
    // `brand` is the page's brand key (localhost), not a filter.
    ([key, value]) => key !== 'page' && key !== 'brand' && value !== undefined,
  );
  return (
    <BackOfficeLayout
      title="Bookings"
      description="Search by booking reference, booking ID, e-mail address or passenger name."
    >
      <form
        role="search"
        onSubmit={submit}
        className="flex flex-col gap-2 sm:flex-row sm:items-end"
      >
        <Field label="Search bookings" className="flex-1">
          <Input
            type="search"
            value={text}
            placeholder="Reference, booking ID, e-mail or passenger"
            onChange={(event) => setText(event.target.value)}
          />
        </Field>
        <Button type="submit">
          <SearchIcon aria-hidden="true" />
          Search
        </Button>
      </form>

      <fieldset className="grid gap-3 rounded-lg border border-border p-4 sm:grid-cols-2 lg:grid-cols-4">
        <legend className="px-1 text-sm font-medium text-foreground">Filters</legend>
        <BrandSelect
          brands={access.data?.brands ?? []}
          value={search.brandId}
          onChange={(brandId) => update({ brandId })}
        />
        <Field label="Status">
          <NativeSelect
            value={search.status ?? ''}
            onChange={(e) =>
              update({ status: (e.target.value || undefined) as BookingsSearch['status'] })
            }
          >
            <option value="">Any status</option>
            {Object.entries(bookingStateLabels).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field label="Payment">
          <NativeSelect
            value={search.payment ?? ''}
            onChange={(e) =>
              update({ payment: (e.target.value || undefined) as BookingsSearch['payment'] })
            }
          >
            <option value="">Any payment state</option>
            {Object.entries(paymentStateLabels).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field label="Sort by">
          <NativeSelect
            value={sortKey}
            onChange={(e) => {
              const [sort, dir] = e.target.value.split('-') as [
                BookingsSearch['sort'],
                BookingsSearch['dir'],
              ];
              update({
                sort: sort === 'created' ? undefined : sort,
                dir: dir === 'desc' ? undefined : dir,
              });
            }}
          >
            {Object.entries(SORTS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field label="Booked from">
          <Input
            type="date"
            value={search.bookedFrom ?? ''}
            onChange={(e) => update({ bookedFrom: e.target.value || undefined })}
          />
        </Field>
        <Field label="Booked until">
          <Input
            type="date"
            value={search.bookedTo ?? ''}
            onChange={(e) => update({ bookedTo: e.target.value || undefined })}
          />
        </Field>
        <Field label="Travel from">
          <Input
            type="date"
            value={search.travelFrom ?? ''}
            onChange={(e) => update({ travelFrom: e.target.value || undefined })}
          />
        </Field>
        <Field label="Travel until">
          <Input
            type="date"
            value={search.travelTo ?? ''}
            onChange={(e) => update({ travelTo: e.target.value || undefined })}
          />
        </Field>
        {filtered ? (
          <div className="sm:col-span-2 lg:col-span-4">
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setText('');
                onSearch({});
              }}
            >
              <XIcon aria-hidden="true" />
              Clear search and filters
            </Button>
          </div>
        ) : null}
      </fieldset>

      <ListState
        query={bookings}
        isEmpty={!data || data.items.length === 0}
        empty="No bookings match."
        failure="Failed to load bookings."
      >
        {data ? (
          <div className="grid gap-4" aria-busy={bookings.isFetching}>
            <BookingTable items={data.items} />
            <Pagination
              page={data.page}
              pageSize={data.pageSize}
              total={data.total}
              onPage={(page) => onSearch({ ...search, page: page === 1 ? undefined : page })}
            />
          </div>
        ) : null}
      </ListState>
    </BackOfficeLayout>
  );
}

function BookingTable({ items }: { items: AdminBookingSummary[] }) {
  return (
    <>
      <div className="hidden overflow-x-auto rounded-lg border border-border md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Bookings</caption>
          <thead className="bg-muted text-muted-foreground">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Reference
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Traveller
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Trip
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Total
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Status
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Booked
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((booking) => (
              <tr key={booking.id} className="border-t border-border align-top">
                <td className="px-3 py-2">
                  <BookingLink booking={booking} />
                  <div className="text-xs text-muted-foreground">{booking.brand.name}</div>
                </td>
                <td className="px-3 py-2">
                  <div className="font-medium text-foreground">{booking.leadPassenger || '—'}</div>
                  <div className="text-xs break-all text-muted-foreground">
                    {booking.contactEmail}
                  </div>
                </td>
                <td className="px-3 py-2">
                  <div>{booking.route ?? '—'}</div>
                  <div className="text-xs text-muted-foreground">
                    {booking.travelDate ? formatLocalDate(booking.travelDate) : 'No flights'}
                  </div>
                </td>
                <td className="px-3 py-2 text-right tabular-nums">
                  {formatMoney(booking.sellTotal)}
                </td>
                <td className="px-3 py-2">
                  <div className="flex flex-wrap gap-1">
                    <StateBadge tone={stateTone(booking.status)}>
                      {bookingStateLabels[booking.status]}
                    </StateBadge>
                    <StateBadge tone={paymentTone(booking.paymentState)}>
                      {paymentStateLabels[booking.paymentState]}
                    </StateBadge>
                  </div>
                </td>
                <td className="px-3 py-2 text-muted-foreground">
                  {formatDateTime(booking.createdAt)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="grid gap-3 md:hidden" aria-label="Bookings">
        {items.map((booking) => (
          <li
            key={booking.id}
            className="grid gap-2 rounded-lg border border-border bg-card p-4 text-sm"
          >
            <div className="flex items-start justify-between gap-3">
              <div>
                <BookingLink booking={booking} />
                <div className="text-xs text-muted-foreground">{booking.brand.name}</div>
              </div>
              <span className="font-medium tabular-nums">{formatMoney(booking.sellTotal)}</span>
            </div>
            <div>
              <div className="font-medium text-foreground">{booking.leadPassenger || '—'}</div>
              <div className="text-xs break-all text-muted-foreground">{booking.contactEmail}</div>
            </div>
            <div className="text-muted-foreground">
              {booking.route ?? 'No flights'}
              {booking.travelDate ? ` · ${formatLocalDate(booking.travelDate)}` : ''}
            </div>
            <div className="flex flex-wrap gap-1">
              <StateBadge tone={stateTone(booking.status)}>
                {bookingStateLabels[booking.status]}
              </StateBadge>
              <StateBadge tone={paymentTone(booking.paymentState)}>
                {paymentStateLabels[booking.paymentState]}
              </StateBadge>
            </div>
            <div className="text-xs text-muted-foreground">{`Booked ${formatDateTime(booking.createdAt)}`}</div>
          </li>
        ))}
      </ul>
    </>
  );
}

function BookingLink({ booking }: { booking: AdminBookingSummary }) {
  return (
    <Link
      to="/admin/bookings/$id"
      params={{ id: booking.id }}
      className="font-mono font-semibold text-primary underline-offset-4 hover:underline"
      aria-label={`Booking ${booking.bookingReference ?? booking.id.slice(0, 8)}`}
    >
      {booking.bookingReference ?? `${booking.id.slice(0, 8)}…`}
    </Link>
  );
}

export { stateTone, paymentTone };
