import { getRouteApi } from '@tanstack/react-router';
import { NewsletterPage } from '../../features/admin/components/newsletter-page';

const route = getRouteApi('/admin/newsletter');

export function AdminNewsletterRoute() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  return <NewsletterPage search={search} onSearch={(next) => void navigate({ search: next })} />;
}
