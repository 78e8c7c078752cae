import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCurrentUser } from '../../features/auth/api/get-current-user';
import { MyTripsPage } from '../../features/trips/components/my-trips-page';

export function MyTripsRoute() {
  const { tab = 'upcoming' } = useSearch({ from: '/my-trips' });
  const navigate = useNavigate({ from: '/my-trips' });
  const user = useCurrentUser();
  return (
    <MyTripsPage
      tab={tab}
      // Known signed out (boot data, a sign-out): no bookings call, so no 401. A session that
      // could not be checked lets the bookings call decide.
      signedIn={user.isPending ? undefined : user.data !== null}
      emailUnconfirmed={user.data?.emailVerified === false}
      onTabChange={(next) => {
        void navigate({
          search: (previous) => ({ ...previous, tab: next === 'upcoming' ? undefined : next }),
          replace: true,
        });
      }}
    />
  );
}
