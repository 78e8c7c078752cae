import { PagePlaceholder } from '../../components/page-placeholder';
import { MyBookingsSection } from '../../features/trips/components/my-bookings-section';

export function SupportRoute() {
  return (
    <PagePlaceholder title="Support">
      {/* The My Bookings area; the rest of the page (help centre, contact) comes later. */}
      <div className="mt-10">
        <MyBookingsSection />
      </div>
    </PagePlaceholder>
  );
}
