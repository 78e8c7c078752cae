import { useSearch } from '@tanstack/react-router';
import { ManageBookingPage } from '../../features/trips/components/manage-booking-page';

export function ManageBookingRoute() {
  const { reference, email } = useSearch({ from: '/manage-booking' });
  return <ManageBookingPage reference={reference} email={email} />;
}
