import type { AdminEnquiry } from '@contrail/contracts/back-office';
import { Link } from '@tanstack/react-router';
import { useState, type SyntheticEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/toast';
import { useReply } from '../api/back-office';
import { formatDateTime } from '../lib/back-office-texts';
import { enquiryKindLabels } from '../lib/enquiry-texts';
import { errorText, StateBadge } from './back-office-parts';

/** One message or look-up: who sent it, what it says, the replies so far, and a reply form. */
export function Enquiry({ enquiry }: { enquiry: AdminEnquiry }) {
  const headingId = `enquiry-${enquiry.id}`;
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
            {`${enquiry.name ? `${enquiry.name} <${enquiry.email}>` : enquiry.email} · ${enquiry.brand.name} · ${enquiryKindLabels[enquiry.kind]} · ${formatDateTime(enquiry.createdAt)}`}
          </p>
        </div>
        <StateBadge tone={enquiry.status === 'open' ? 'warn' : 'ok'}>
          {enquiry.status === 'open' ? 'Open' : 'Answered'}
        </StateBadge>
      </header>
      {enquiry.lookup ? (
        <LookupSummary enquiry={enquiry} lookup={enquiry.lookup} />
      ) : (
        <EnquiryMessage enquiry={enquiry} />
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
        <ReplyForm enquiry={enquiry} />
      ) : (
        <p className="text-muted-foreground">
          The e-mail address typed is not a valid one, so no reply can be sent.
        </p>
      )}
    </article>
  );
}

/** A contact or support message: its reference, the booking it names, and its text. */
function EnquiryMessage({ enquiry }: { enquiry: AdminEnquiry }) {
  return (
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
  );
}

/** A reply, e-mailed to the sender; a blank one is refused before it is sent. */
function ReplyForm({ enquiry }: { enquiry: AdminEnquiry }) {
  const reply = useReply();
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | undefined>();

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
