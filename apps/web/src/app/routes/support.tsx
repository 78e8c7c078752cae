import { useBrand } from '../../features/brand/hooks/use-brand';
import { SupportPage } from '../../features/help/components/support-page';
import { useHashTab } from '../../features/help/hooks/use-hash-tab';
import { DEFAULT_SUPPORT_TAB, SUPPORT_TABS } from '../../features/help/lib/page-tabs';
import { MyBookingsSection } from '../../features/trips/components/my-bookings-section';
import { brandDisplayName } from '../../theme/apply-brand';

export function SupportRoute() {
  const { brand } = useBrand();
  const [tab, setTab] = useHashTab(SUPPORT_TABS, DEFAULT_SUPPORT_TAB);
  return (
    <SupportPage
      brand={{ name: brandDisplayName(brand), ...brand.contact }}
      tab={tab}
      onTabChange={setTab}
      myBookings={<MyBookingsSection />}
    />
  );
}
