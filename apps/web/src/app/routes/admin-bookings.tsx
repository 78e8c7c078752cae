import { getRouteApi } from '@tanstack/react-router';
import { BookingsPage } from '../../features/admin/components/bookings-page';

const route = getRouteApi('/admin/bookings');

export function AdminBookingsRoute() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  return <BookingsPage search={search} onSearch={(next) => void navigate({ search: next })} />;
}
