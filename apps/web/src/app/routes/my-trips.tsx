import { useNavigate, useSearch } from '@tanstack/react-router';
import { MyTripsPage } from '../../features/trips/components/my-trips-page';

export function MyTripsRoute() {
  const { tab = 'upcoming' } = useSearch({ from: '/my-trips' });
  const navigate = useNavigate({ from: '/my-trips' });
  return (
    <MyTripsPage
      tab={tab}
      onTabChange={(next) => {
        void navigate({
          search: (previous) => ({ ...previous, tab: next === 'upcoming' ? undefined : next }),
          replace: true,
        });
      }}
    />
  );
}
