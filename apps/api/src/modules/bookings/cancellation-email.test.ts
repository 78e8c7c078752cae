import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { payAndBook, searchAll } from '../../../test/booking-flow';
import { queryRows } from '../../../test/database';
import { TestClient } from '../../../test/http';

let now = new Date('2026-11-22T09:00:00Z');
const clock = () => now;

describe('booking e-mails', () => {
  const t = useTestApp({}, { clock });

  async function bookRefundable(brand?: string) {
    const c = new TestClient(t.app, brand ? { brand } : {});
    await c.post('/api/auth/register', {
      username: 'amelia',
      email: 'amelia@example.com',
      firstName: 'Amelia',
      lastName: 'Earhart',
      password: 'Blue-Horizon-42',
    });
    await c.post('/api/auth/login', { username: 'amelia', password: 'Blue-Horizon-42' });
    const offer = (await searchAll(c)).find((o) => o.conditions.refundable);
    if (!offer) throw new Error('no refundable offer');
    const response = await payAndBook(c, offer, 'amelia@example.com');
    expect(response.statusCode).toBe(201);
    return { c, ...response.json<{ id: string; bookingReference: string }>() };
  }

  const outbox = (kind: string) =>
    queryRows(
      t.database,
      sql`select recipient, sender_name, reply_to, subject, text from email_outbox where kind = ${kind}`,
    );

  it('queues the confirmation in the brand’s name, linking to the booking where it was made', async () => {
    now = new Date('2026-11-22T09:00:00Z');
    const { bookingReference } = await bookRefundable('skyhop.localhost');
    const [email] = await outbox('booking_confirmation');
    expect(email).toMatchObject({
      recipient: 'amelia@example.com',
      sender_name: 'SkyHop',
      reply_to: 'hello@skyhop.example',
      subject: `SkyHop booking confirmed: ${bookingReference}`,
    });
    expect(email?.text).toContain(
      `http://localhost:3000/manage-booking?reference=${bookingReference}&email=amelia%40example.com&brand=skyhop.localhost`,
    );
  });

  it('sends the cancellation with a link, and still sends it when the reconciler finished it', async () => {
    now = new Date('2026-11-22T09:00:00Z');
    const first = await bookRefundable();
    expect((await first.c.post(`/api/bookings/${first.id}/cancel`)).statusCode).toBe(200);
    const [asked] = await outbox('booking_cancellation');
    expect(asked).toMatchObject({ sender_name: 'Contrail', recipient: 'amelia@example.com' });
    expect(asked?.text).toContain(
      `http://localhost:3000/manage-booking?reference=${first.bookingReference}`,
    );

    // A crash right after the cancellation was claimed: the reconciler finishes it later.
    const offer = (await searchAll(first.c)).find((o) => o.conditions.refundable);
    if (!offer) throw new Error('no refundable offer');
    const second = (await payAndBook(first.c, offer, 'amelia@example.com')).json<{
      id: string;
      bookingReference: string;
    }>();
    await t.database.db.execute(
      sql`update bookings set status = 'cancelling', updated_at = ${new Date(now.getTime() - 10 * 60 * 1000).toISOString()}::timestamptz where id = ${second.id}`,
    );
    expect(await t.app.jobs.reconcileBookings()).toBe(1);
    const emails = await outbox('booking_cancellation');
    expect(emails).toHaveLength(2);
    const reconciled = emails.find((email) =>
      String(email.subject).endsWith(second.bookingReference),
    );
    expect(reconciled).toMatchObject({
      sender_name: 'Contrail',
      subject: `Contrail booking cancelled: ${second.bookingReference}`,
    });
    // The address the booking was made at, kept with it.
    expect(reconciled?.text).toContain(
      `http://localhost:3000/manage-booking?reference=${second.bookingReference}`,
    );
  });
});
