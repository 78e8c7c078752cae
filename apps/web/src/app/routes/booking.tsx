import { useNavigate, useRouter, useSearch } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useCurrentUser } from '../../features/auth/api/get-current-user';
import { CheckoutPage } from '../../features/checkout/components/checkout-page';
import type { CheckoutStep } from '../../features/checkout/lib/booking-search';

export function BookingRoute() {
  const search = useSearch({ from: '/booking' });
  const navigate = useNavigate({ from: '/booking' });
  const router = useRouter();
  const { data: user } = useCurrentUser();
  const { step, ...query } = search;

  const onStepChange = useCallback(
    (next: CheckoutStep, options: { replace?: boolean } = {}) => {
      void navigate({
        search: (previous) => ({ ...previous, step: next === 'passengers' ? undefined : next }),
        replace: options.replace ?? false,
      });
    },
    [navigate],
  );

  return (
    <CheckoutPage
      // beforeLoad sends a visit without an offer to /search.
      offerId={search.offer ?? ''}
      step={step}
      onStepChange={onStepChange}
      onBack={() => {
        if (router.history.canGoBack()) router.history.back();
        else void navigate({ to: '/' });
      }}
      onOfferGone={(criteria) => {
        // An expired offer sends the traveller to /search with the same query string; the offer's
        // own criteria come along so the results page can search the same trip again.
        void navigate({ to: '/search', search: { ...query, ...criteria }, replace: true });
      }}
      signedIn={Boolean(user)}
    />
  );
}
