import { useState, type SyntheticEvent } from 'react';
import { useAdminBookings, useBackOfficeAccess } from '../api/back-office';
import type { BookingsSearch } from '../lib/back-office-search';
import { BackOfficeLayout } from './back-office-layout';
import { ListState, Pagination } from './back-office-parts';
import { BookingsFilters, BookingsSearchForm } from './bookings-filters';
import { BookingTable } from './booking-table';

const PAGE_SIZE = 25;

interface BookingsPageProps {
  search: BookingsSearch;
  onSearch: (next: BookingsSearch) => void;
}

/** Whether any search or filter is set (the page number is not one). */
function isFiltered(search: BookingsSearch): boolean {
  return Object.entries(search as Record<string, unknown>).some(
    // `brand` is the page's brand key (localhost), not a filter.
    ([key, value]) => key !== 'page' && key !== 'brand' && value !== undefined,
  );
}

/** `/admin/bookings`: find a booking (reference, id, e-mail, passenger), filter, sort, page. */
export function BookingsPage({ search, onSearch }: BookingsPageProps) {
  const bookings = useAdminBookings({ ...search, pageSize: PAGE_SIZE });
  const access = useBackOfficeAccess();
  const [text, setText] = useState(search.q ?? '');
  const update = (change: Partial<BookingsSearch>) =>
    onSearch({ ...search, ...change, page: undefined });

  function submit(event: SyntheticEvent) {
    event.preventDefault();
    update({ q: text.trim() || undefined });
  }

  const data = bookings.data;
  return (
    <BackOfficeLayout
      title="Bookings"
      description="Search by booking reference, booking ID, e-mail address or passenger name."
    >
      <BookingsSearchForm text={text} onText={setText} onSubmit={submit} />
      <BookingsFilters
        search={search}
        update={update}
        brands={access.data?.brands ?? []}
        filtered={isFiltered(search)}
        onClear={() => {
          setText('');
          onSearch({});
        }}
      />

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
