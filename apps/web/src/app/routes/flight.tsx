import { PagePlaceholder } from '../../components/page-placeholder';

export function FlightRoute() {
  return <PagePlaceholder title="Flight Details" />;
}
