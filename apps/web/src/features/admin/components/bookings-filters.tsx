import type { BackOfficeBrand } from '@contrail/contracts/back-office';
import { SearchIcon, XIcon } from 'lucide-react';
import type { SyntheticEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import type { BookingsSearch } from '../lib/back-office-search';
import {
  bookingQueueLabels,
  bookingStateLabels,
  paymentStateLabels,
} from '../lib/back-office-texts';
import { BrandSelect } from './back-office-parts';

const SORTS = {
  'created-desc': 'Newest bookings first',
  'created-asc': 'Oldest bookings first',
  'travel-asc': 'Travel date, soonest first',
  'travel-desc': 'Travel date, latest first',
  'total-desc': 'Total, highest first',
  'total-asc': 'Total, lowest first',
} as const;
type SortKey = keyof typeof SORTS;

/** Changes the search; every change goes back to the first page. */
type Update = (change: Partial<BookingsSearch>) => void;

/** The free-text search: reference, booking ID, e-mail or passenger. */
export function BookingsSearchForm({
  text,
  onText,
  onSubmit,
}: {
  text: string;
  onText: (text: string) => void;
  onSubmit: (event: SyntheticEvent) => void;
}) {
  return (
    <form
      role="search"
      onSubmit={onSubmit}
      className="flex flex-col gap-2 sm:flex-row sm:items-end"
    >
      <Field label="Search bookings" className="flex-1">
        <Input
          type="search"
          value={text}
          placeholder="Reference, booking ID, e-mail or passenger"
          onChange={(event) => onText(event.target.value)}
        />
      </Field>
      <Button type="submit">
        <SearchIcon aria-hidden="true" />
        Search
      </Button>
    </form>
  );
}

/** The filters and the sort order; with any of them set, a button clears them all. */
export function BookingsFilters({
  search,
  update,
  brands,
  filtered,
  onClear,
}: {
  search: BookingsSearch;
  update: Update;
  brands: readonly BackOfficeBrand[];
  filtered: boolean;
  onClear: () => void;
}) {
  return (
    <fieldset className="grid gap-3 rounded-lg border border-border p-4 sm:grid-cols-2 lg:grid-cols-4">
      <legend className="px-1 text-sm font-medium text-foreground">Filters</legend>
      <BrandSelect
        brands={brands}
        value={search.brandId}
        onChange={(brandId) => update({ brandId })}
      />
      <StateFilters search={search} update={update} />
      <SortSelect search={search} update={update} />
      <DateFilters search={search} update={update} />
      {filtered ? (
        <div className="sm:col-span-2 lg:col-span-4">
          <Button variant="ghost" size="sm" onClick={onClear}>
            <XIcon aria-hidden="true" />
            Clear search and filters
          </Button>
        </div>
      ) : null}
    </fieldset>
  );
}

function StateFilters({ search, update }: { search: BookingsSearch; update: Update }) {
  return (
    <>
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
      <Field label="Needs a person">
        <NativeSelect
          value={search.queue ?? ''}
          onChange={(e) =>
            update({ queue: (e.target.value || undefined) as BookingsSearch['queue'] })
          }
        >
          <option value="">Any booking</option>
          {Object.entries(bookingQueueLabels).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </NativeSelect>
      </Field>
    </>
  );
}

/** The sort order; newest bookings first is the default and stays out of the address. */
function SortSelect({ search, update }: { search: BookingsSearch; update: Update }) {
  const sortKey: SortKey = `${search.sort ?? 'created'}-${search.dir ?? 'desc'}`;
  return (
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
  );
}

function DateFilters({ search, update }: { search: BookingsSearch; update: Update }) {
  return (
    <>
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
    </>
  );
}
