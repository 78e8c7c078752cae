import { getRouteApi } from '@tanstack/react-router';
import { AuditPage } from '../../features/admin/components/audit-page';

const route = getRouteApi('/admin/audit');

export function AdminAuditRoute() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  return <AuditPage search={search} onSearch={(next) => void navigate({ search: next })} />;
}
