import type { AdminAuditEntry } from '@contrail/contracts/back-office';
import { Link } from '@tanstack/react-router';
import { useAudit, useBackOfficeAccess } from '../api/back-office';
import type { AuditSearch } from '../lib/back-office-search';
import { auditActionLabels, formatDateTime } from '../lib/back-office-texts';
import { BackOfficeLayout } from './back-office-layout';
import { BrandSelect, ListState, Pagination } from './back-office-parts';

const PAGE_SIZE = 50;

/** A record's state before or after, as short `key: value` text. */
function describe(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value !== 'object') return JSON.stringify(value);
  return Object.entries(value)
    .map(
      ([key, v]) =>
        `${key}: ${typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)}`,
    )
    .join(', ');
}

/** `/admin/audit`: who did what, when, to which record, and that record before and after. */
export function AuditPage({
  search,
  onSearch,
}: {
  search: AuditSearch;
  onSearch: (next: AuditSearch) => void;
}) {
  const audit = useAudit({ ...search, pageSize: PAGE_SIZE });
  const access = useBackOfficeAccess();
  const data = audit.data;
  return (
    <BackOfficeLayout
      title="Audit log"
      description="Every change made in the back office and the admin console."
    >
      <div className="grid gap-3 sm:grid-cols-3">
        <BrandSelect
          brands={access.data?.brands ?? []}
          value={search.brandId}
          onChange={(brandId) => onSearch({ ...search, brandId, page: undefined })}
        />
      </div>
      <ListState
        query={audit}
        isEmpty={!data || data.items.length === 0}
        empty="Nothing recorded yet."
        failure="Failed to load the audit log."
      >
        {data ? (
          <div className="grid gap-4">
            <ol className="divide-y divide-border rounded-lg border border-border">
              {data.items.map((entry) => (
                <AuditEntryItem key={entry.id} entry={entry} />
              ))}
            </ol>
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

function AuditEntryItem({ entry }: { entry: AdminAuditEntry }) {
  return (
    <li className="grid gap-1 p-3 text-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-medium text-foreground">
          {auditActionLabels[entry.action] ?? entry.action}
        </span>
        <time dateTime={entry.createdAt} className="text-muted-foreground">
          {formatDateTime(entry.createdAt)}
        </time>
      </div>
      <span className="text-muted-foreground">
        {`By ${entry.actor}`}
        <Target entry={entry} />
      </span>
      {entry.before !== null || entry.after !== null ? (
        <span className="break-all text-muted-foreground">
          {`Before: ${describe(entry.before)} · After: ${describe(entry.after)}`}
        </span>
      ) : entry.details !== null && Object.keys(entry.details as object).length > 0 ? (
        <span className="break-all text-muted-foreground">{describe(entry.details)}</span>
      ) : null}
    </li>
  );
}

function Target({ entry }: { entry: AdminAuditEntry }) {
  if (entry.targetType === 'booking' && entry.targetId) {
    return (
      <>
        {' · '}
        <Link
          to="/admin/bookings/$id"
          params={{ id: entry.targetId }}
          className="text-primary underline underline-offset-4"
        >
          booking
        </Link>
      </>
    );
  }
  return entry.targetType ? <>{` · ${entry.targetType}`}</> : null;
}
