import { ManageBookingPage } from '../../features/trips/components/manage-booking-page';

export function ManageBookingRoute() {
  return <ManageBookingPage />;
}
