import { PagePlaceholder } from '../../components/page-placeholder';

export function BookingRoute() {
  return <PagePlaceholder title="Booking" />;
}
