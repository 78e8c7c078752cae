/**
 * What a confirmed, paid booking gets, whoever finishes it (the traveller's request, or the
 * reconciler after a crash): the confirmation e-mail, for a guest the e-mail about seeing the
 * trip in an account, and the stored answer a retry with the same key receives.
 */
import type { AccountLinksService } from '../auth/account-links.service';
import type { BrandContext } from '../brands/brands.service';
import type { EmailOutbox } from '../email';
import { confirmationOf, siteUrlOf } from './booking-email';
import type { BookingsRepository } from './bookings.repository';
import {
  readStoredOrder,
  readStoredPassengers,
  type StoredBookingResult,
} from './bookings.columns';
import type { BookingRow } from './bookings.table';

export function bookingConfirmation({
  bookings,
  outbox,
  links,
  brandById,
  clock,
  mustFind,
}: {
  bookings: BookingsRepository;
  outbox: EmailOutbox;
  /** Tells a guest booking's address how to see the trip in an account. */
  links: Pick<AccountLinksService, 'noteGuestBooking'>;
  /** A brand by id: the reconciler finishes bookings outside any request. */
  brandById: (id: string) => Promise<BrandContext | undefined>;
  clock: () => Date;
  mustFind: (id: string) => Promise<BookingRow>;
}) {
  /**
   * Sends a confirmed, captured booking's e-mails and stores its answer. A booking stays with the
   * account signed in when it was made (none for a guest): a guest booking is seen in the account
   * of its address only once that account has confirmed the address.
   */
  async function complete(row: BookingRow, brand: BrandContext): Promise<StoredBookingResult> {
    const passengers = readStoredPassengers(row.passengers);
    const order = readStoredOrder(row.order);
    if (!order) throw new Error(`booking ${row.id} is confirmed without the airline's order`);
    const primary = passengers[0];
    const email = primary?.email ?? row.contactEmail;
    const siteUrl = siteUrlOf(row, brand);
    const guest = row.userId === null;
    const { email: emailContent, queued } = await confirmationOf(row, order, brand, {
      to: email,
      guest,
      now: clock(),
    });
    await outbox.queue(queued, clock());
    if (guest) {
      await links.noteGuestBooking({
        brand,
        email,
        firstName: primary?.firstName ?? '',
        lastName: primary?.lastName ?? '',
        bookingId: row.id,
        bookingReference: order.bookingReference,
        siteUrl,
      });
    }
    const result: StoredBookingResult = {
      id: row.id,
      duffelBookingId: order.id,
      bookingReference: order.bookingReference,
      status: 'confirmed',
      emailContent,
    };
    await bookings.update(row.id, { response: result });
    return result;
  }

  /** `complete` for a booking the reconciler finished: no request, so its brand by id. */
  async function completeLater(id: string): Promise<void> {
    const row = await mustFind(id);
    if (row.status !== 'confirmed' || row.response !== null) return;
    const brand = await brandById(row.brandId);
    if (!brand) throw new Error(`Booking ${id} belongs to a brand that no longer exists`);
    await complete(row, brand);
  }

  return { complete, completeLater };
}
