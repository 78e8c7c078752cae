import { getRouteApi } from '@tanstack/react-router';
import { InboxPage } from '../../features/admin/components/inbox-page';

const route = getRouteApi('/admin/inbox');

export function AdminInboxRoute() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  return <InboxPage search={search} onSearch={(next) => void navigate({ search: next })} />;
}
