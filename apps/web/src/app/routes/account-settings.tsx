import { useNavigate, useSearch } from '@tanstack/react-router';
import { AccountSettings } from '../../features/auth/components/account-settings';
import { PriceAlertsList } from '../../features/price-alerts/components/price-alerts-list';

export function AccountSettingsRoute() {
  const { tab = 'profile' } = useSearch({ from: '/account-settings' });
  const navigate = useNavigate({ from: '/account-settings' });
  return (
    <AccountSettings
      tab={tab}
      onTabChange={(next) => {
        void navigate({ search: (previous) => ({ ...previous, tab: next }), replace: true });
      }}
      priceAlerts={<PriceAlertsList />}
    />
  );
}
