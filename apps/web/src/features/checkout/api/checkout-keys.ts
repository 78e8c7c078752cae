/** Query keys of the checkout: one offer, its verification and its seat maps. */
export const checkoutKeys = {
  all: ['checkout'] as const,
  offer: (offerId: string) => [...checkoutKeys.all, 'offer', offerId] as const,
  verification: (offerId: string) => [...checkoutKeys.offer(offerId), 'verification'] as const,
  seatMaps: (offerId: string) => [...checkoutKeys.offer(offerId), 'seat-maps'] as const,
  systemMode: () => [...checkoutKeys.all, 'system-mode'] as const,
  paymentConfig: () => [...checkoutKeys.all, 'payment-config'] as const,
};
