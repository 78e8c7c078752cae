import { getRouteApi } from '@tanstack/react-router';
import { OutboxPage } from '../../features/admin/components/outbox-page';

const route = getRouteApi('/admin/outbox');

export function AdminOutboxRoute() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  return <OutboxPage search={search} onSearch={(next) => void navigate({ search: next })} />;
}
