import type { AdminEnquiry } from '@contrail/contracts/admin';
import { Link } from '@tanstack/react-router';
import { useState, type SyntheticEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { NativeSelect } from '../../../components/ui/native-select';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/toast';
import { useBackOfficeAccess, useEnquiries, useReply } from '../api/back-office';
import type { EnquiriesSearch } from '../lib/back-office-search';
import { formatDateTime } from '../lib/back-office-texts';
import { BackOfficeLayout } from './back-office-layout';
import { BrandSelect, errorText, ListState, Pagination, StateBadge } from './back-office-parts';

const PAGE_SIZE = 20;

const kindLabels: Record<AdminEnquiry['kind'], string> = {
  contact: 'Contact form',
  support: 'Support form',
  lookup: 'Find my booking',
};

/**
 * `/admin/inbox`: contact and support messages and retrieve-booking look-ups per brand, open or
 * answered, and replies.
 */
export function InboxPage({
  search,
  onSearch,
}: {
  search: EnquiriesSearch;
  onSearch: (next: EnquiriesSearch) => void;
}) {
  const status = search.status ?? 'open';
  const enquiries = useEnquiries({ ...search, status, pageSize: PAGE_SIZE });
  const access = useBackOfficeAccess();
  const data = enquiries.data;
  return (
    <BackOfficeLayout
      title="Inbox"
      description="Messages from the contact and support forms, and searches for a booking by reference and e-mail address. A reply is e-mailed to the sender in the brand's name."
    >
      <div className="grid gap-3 sm:grid-cols-3">
        <Field label="Show">
          <NativeSelect
            value={status}
            onChange={(e) =>
              onSearch({
                ...search,
                status: e.target.value as 'open' | 'answered',
                page: undefined,
              })
            }
          >
            <option value="open">Open</option>
            <option value="answered">Answered</option>
          </NativeSelect>
        </Field>
        <Field label="Type">
          <NativeSelect
            value={search.kind ?? ''}
            onChange={(e) =>
              onSearch({
                ...search,
                kind:
                  e.target.value === ''
                    ? undefined
                    : (e.target.value as NonNullable<EnquiriesSearch['kind']>),
                page: undefined,
              })
            }
          >
            <option value="">All</option>
            <option value="contact">{kindLabels.contact}</option>
            <option value="support">{kindLabels.support}</option>
            <option value="lookup">{kindLabels.lookup}</option>
          </NativeSelect>
        </Field>
        <BrandSelect
          brands={access.data?.brands ?? []}
          value={search.brandId}
          onChange={(brandId) => onSearch({ ...search, brandId, page: undefined })}
        />
      </div>
      <ListState
        query={enquiries}
        isEmpty={!data || data.items.length === 0}
        empty={status === 'open' ? 'No open messages.' : 'No answered messages.'}
        failure="Failed to load messages."
      >
        {data ? (
          <div className="grid gap-4">
            <ul className="grid gap-4">
              {data.items.map((enquiry) => (
                <li key={enquiry.id}>
                  <Enquiry enquiry={enquiry} />
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

function Enquiry({ enquiry }: { enquiry: AdminEnquiry }) {
  const reply = useReply();
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | undefined>();
  const headingId = `enquiry-${enquiry.id}`;

  function submit(event: SyntheticEvent) {
    event.preventDefault();
    if (message.trim() === '') {
      setError('Reply is required');
      return;
    }
    setError(undefined);
    reply.mutate(
      { id: enquiry.id, message },
      {
        onSuccess: () => {
          setMessage('');
          toast('Reply sent', { description: `E-mailed to ${enquiry.email}.` });
        },
        onError: (failure) => setError(errorText(failure)),
      },
    );
  }

  return (
    <article
      aria-labelledby={headingId}
      className="grid gap-3 rounded-lg border border-border bg-card p-4 text-sm"
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-0.5">
          <h2 id={headingId} className="text-base font-semibold text-foreground">
            {enquiry.subject || '(no subject)'}
          </h2>
          <p className="break-all text-muted-foreground">
            {`${enquiry.name ? `${enquiry.name} <${enquiry.email}>` : enquiry.email} · ${enquiry.brand.name} · ${kindLabels[enquiry.kind]} · ${formatDateTime(enquiry.createdAt)}`}
          </p>
        </div>
        <StateBadge tone={enquiry.status === 'open' ? 'warn' : 'ok'}>
          {enquiry.status === 'open' ? 'Open' : 'Answered'}
        </StateBadge>
      </header>
      {enquiry.lookup ? (
        <LookupSummary enquiry={enquiry} lookup={enquiry.lookup} />
      ) : (
        <>
          <p className="text-xs text-muted-foreground">
            {`Reference ${enquiry.reference}`}
            {enquiry.bookingReference ? (
              <>
                {' · booking '}
                <Link
                  to="/admin/bookings"
                  search={{ q: enquiry.bookingReference }}
                  className="font-mono text-primary underline underline-offset-4"
                >
                  {enquiry.bookingReference}
                </Link>
              </>
            ) : null}
          </p>
          <p className="whitespace-pre-line text-foreground">{enquiry.message}</p>
        </>
      )}
      {enquiry.replies.length > 0 ? (
        <ul className="grid gap-2 border-l-2 border-border pl-3">
          {enquiry.replies.map((r, index) => (
            <li key={index} className="grid gap-0.5">
              <span className="text-xs text-muted-foreground">{`${r.author} replied · ${formatDateTime(r.createdAt)}`}</span>
              <p className="whitespace-pre-line">{r.body}</p>
            </li>
          ))}
        </ul>
      ) : null}
      {enquiry.canReply ? (
        <form onSubmit={submit} className="grid gap-2">
          <Field label={`Reply to ${enquiry.name || enquiry.email}`} error={error}>
            <Textarea
              rows={3}
              maxLength={5000}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
            />
          </Field>
          <div>
            <Button type="submit" disabled={reply.isPending}>
              {reply.isPending ? 'Sending…' : 'Send reply'}
            </Button>
          </div>
        </form>
      ) : (
        <p className="text-muted-foreground">
          The e-mail address typed is not a valid one, so no reply can be sent.
        </p>
      )}
    </article>
  );
}

/** A retrieve-booking look-up: what was typed, and whether a booking was shown for it. */
function LookupSummary({
  enquiry,
  lookup,
}: {
  enquiry: AdminEnquiry;
  lookup: NonNullable<AdminEnquiry['lookup']>;
}) {
  return (
    <p className="text-foreground">
      {'Searched for booking reference '}
      <span className="font-mono">{enquiry.bookingReference ?? ''}</span>
      {` with ${enquiry.email}: `}
      {lookup.found && lookup.bookingId ? (
        <>
          {'found — '}
          <Link
            to="/admin/bookings/$id"
            params={{ id: lookup.bookingId }}
            className="text-primary underline underline-offset-4"
          >
            open the booking
          </Link>
        </>
      ) : (
        <>
          {'no booking found. '}
          <span className="text-muted-foreground">
            Nobody has confirmed this address: reply with help to find the booking, never with
            another booking&apos;s details.
          </span>
        </>
      )}
    </p>
  );
}
