/**
 * What other modules use of the bookings module besides its services: the booking e-mails the
 * back office resends, its error answers, the one reading of each JSON column of its table, and
 * the back office's readings of the bookings (its list, a booking's record, the dashboard's figures).
 */
export { confirmationOf } from './booking-email';
export { bookingErrors } from './bookings.errors';
export {
  readOrderUncertainty,
  readStoredBags,
  readStoredOrder,
  readStoredPassengers,
  readStoredSeats,
  readStoredSiteUrl,
  type StoredOrder,
  type StoredPassenger,
} from './bookings.columns';
export type { BookingDeskRepository, BookingListRow } from './booking-desk.repository';
export type { BookingFiguresRepository, RevenueRow } from './booking-figures.repository';
export type { BookingRow } from './bookings.table';
