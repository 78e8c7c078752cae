import { useSearch } from '@tanstack/react-router';
import { PriceAlertLinkPage } from '../../features/price-alerts/components/price-alert-link-page';

export function PriceAlertRoute() {
  const { confirm, stop } = useSearch({ from: '/price-alert' });
  return <PriceAlertLinkPage confirm={confirm} stop={stop} />;
}
