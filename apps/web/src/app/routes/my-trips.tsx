import { PagePlaceholder } from '../../components/page-placeholder';

export function MyTripsRoute() {
  return <PagePlaceholder title="My Trips" />;
}
