import { Field } from '../../../components/ui/field';
import { NativeSelect } from '../../../components/ui/native-select';
import { useBackOfficeAccess, useOutbox, useResendEmail } from '../api/back-office';
import type { OutboxSearch } from '../lib/back-office-search';
import { BackOfficeLayout } from './back-office-layout';
import { BrandSelect, ListState, Pagination } from './back-office-parts';
import { OutboxEmail } from './outbox-email';

const PAGE_SIZE = 50;

/** `/admin/outbox`: every e-mail queued, its state, attempts and last error; a failed one again. */
export function OutboxPage({
  search,
  onSearch,
}: {
  search: OutboxSearch;
  onSearch: (next: OutboxSearch) => void;
}) {
  const outbox = useOutbox({ ...search, pageSize: PAGE_SIZE });
  const resend = useResendEmail();
  const data = outbox.data;
  return (
    <BackOfficeLayout
      title="E-mails"
      description="Every e-mail the brands send, with its delivery attempts. One that failed for good can be sent again."
    >
      <OutboxFilters search={search} onSearch={onSearch} />
      <ListState
        query={outbox}
        isEmpty={!data || data.items.length === 0}
        empty="No e-mails."
        failure="Failed to load e-mails."
      >
        {data ? (
          <div className="grid gap-4">
            <ul className="divide-y divide-border rounded-lg border border-border">
              {data.items.map((email) => (
                <OutboxEmail key={email.id} email={email} resend={resend} />
              ))}
            </ul>
            <Pagination
              page={data.page}
              pageSize={data.pageSize}
              total={data.total}
              onPage={(page) => onSearch({ ...search, page })}
            />
          </div>
        ) : null}
      </ListState>
    </BackOfficeLayout>
  );
}

function OutboxFilters({
  search,
  onSearch,
}: {
  search: OutboxSearch;
  onSearch: (next: OutboxSearch) => void;
}) {
  const access = useBackOfficeAccess();
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <Field label="Show">
        <NativeSelect
          value={search.status ?? ''}
          onChange={(e) =>
            onSearch({
              ...search,
              status: (e.target.value || undefined) as OutboxSearch['status'],
              page: undefined,
            })
          }
        >
          <option value="">All e-mails</option>
          <option value="queued">Queued</option>
          <option value="sent">Sent</option>
          <option value="failed">Failed</option>
        </NativeSelect>
      </Field>
      <BrandSelect
        brands={access.data?.brands ?? []}
        value={search.brandId}
        onChange={(brandId) => onSearch({ ...search, brandId, page: undefined })}
      />
    </div>
  );
}
