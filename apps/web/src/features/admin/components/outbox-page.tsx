import { Link } from '@tanstack/react-router';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { NativeSelect } from '../../../components/ui/native-select';
import { toast } from '../../../components/ui/toast';
import { useBackOfficeAccess, useOutbox, useResendEmail } from '../api/back-office';
import type { OutboxSearch } from '../lib/back-office-search';
import { emailKindLabels, emailStatusLabels, formatDateTime } from '../lib/back-office-texts';
import { BackOfficeLayout } from './back-office-layout';
import { BrandSelect, errorText, ListState, Pagination, StateBadge } from './back-office-parts';

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
  const access = useBackOfficeAccess();
  const resend = useResendEmail();
  const data = outbox.data;
  return (
    <BackOfficeLayout
      title="E-mails"
      description="Every e-mail the brands send, with its delivery attempts. One that failed for good can be sent again."
    >
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
                <li key={email.id} className="grid gap-1 p-3 text-sm">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="font-medium text-foreground">{email.subject}</span>
                    <StateBadge
                      tone={
                        email.status === 'failed'
                          ? 'warn'
                          : email.status === 'sent'
                            ? 'ok'
                            : 'muted'
                      }
                    >
                      {emailStatusLabels[email.status]}
                    </StateBadge>
                  </div>
                  <span className="break-all text-muted-foreground">
                    {`${emailKindLabels[email.kind] ?? email.kind} · to ${email.recipient} · queued ${formatDateTime(email.createdAt)}${email.sentAt ? ` · sent ${formatDateTime(email.sentAt)}` : ''} · ${email.attempts} failed ${email.attempts === 1 ? 'attempt' : 'attempts'}`}
                  </span>
                  {email.lastError ? (
                    <span className="text-destructive">{`Last error: ${email.lastError}`}</span>
                  ) : null}
                  <div className="flex flex-wrap gap-2">
                    {email.kind.startsWith('booking_') && email.relatedId ? (
                      <Link
                        to="/admin/bookings/$id"
                        params={{ id: email.relatedId }}
                        className="text-primary underline-offset-4 hover:underline"
                      >
                        View booking
                      </Link>
                    ) : null}
                    {email.status === 'failed' ? (
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={resend.isPending}
                        onClick={() =>
                          resend.mutate(email.id, {
                            onSuccess: () =>
                              toast('E-mail queued again', { description: email.recipient }),
                            onError: (error) =>
                              toast.error('Error', { description: errorText(error) }),
                          })
                        }
                      >
                        Send again
                      </Button>
                    ) : null}
                  </div>
                </li>
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
