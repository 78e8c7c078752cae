import type { AdminBookingDetail } from '@contrail/contracts/back-office-bookings';
import { useState, type SyntheticEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/toast';
import { useAddNote } from '../api/back-office';
import { formatDateTime } from '../lib/back-office-texts';
import { errorText } from './back-office-parts';
import { Section } from './booking-detail-parts';

/** The notes staff left on a booking and the form to add one. */
export function Notes({ booking }: { booking: AdminBookingDetail }) {
  const add = useAddNote(booking.id);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | undefined>();

  function submit(event: SyntheticEvent) {
    event.preventDefault();
    if (body.trim() === '') {
      setError('Note is required');
      return;
    }
    setError(undefined);
    add.mutate(body, {
      onSuccess: () => {
        setBody('');
        toast('Note added');
      },
      onError: (failure) => setError(errorText(failure)),
    });
  }

  return (
    <Section title="Notes by staff">
      {booking.notes.length > 0 ? (
        <ul className="mb-4 grid gap-3">
          {booking.notes.map((note) => (
            <li key={note.id} className="grid gap-0.5 rounded-md border border-border p-3">
              <span className="text-xs text-muted-foreground">{`${note.author} · ${formatDateTime(note.createdAt)}`}</span>
              <p className="whitespace-pre-line text-foreground">{note.body}</p>
            </li>
          ))}
        </ul>
      ) : null}
      <form onSubmit={submit} className="grid gap-2">
        <Field label="Add a note" error={error}>
          <Textarea
            rows={3}
            maxLength={2000}
            value={body}
            onChange={(e) => setBody(e.target.value)}
          />
        </Field>
        <div>
          <Button type="submit" disabled={add.isPending}>
            {add.isPending ? 'Adding…' : 'Add note'}
          </Button>
        </div>
      </form>
    </Section>
  );
}
