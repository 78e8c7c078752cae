import { AdminSettingsPage } from '../../features/admin/components/admin-settings-page';

export function AdminSettingsRoute() {
  return <AdminSettingsPage />;
}
