import { getRouteApi } from '@tanstack/react-router';
import { BookingDetailPage } from '../../features/admin/components/booking-detail-page';

const route = getRouteApi('/admin/bookings/$id');

export function AdminBookingRoute() {
  const { id } = route.useParams();
  return <BookingDetailPage key={id} id={id} />;
}
