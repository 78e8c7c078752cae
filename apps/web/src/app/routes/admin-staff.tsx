import { StaffPage } from '../../features/admin/components/staff-page';

export function AdminStaffRoute() {
  return <StaffPage />;
}
