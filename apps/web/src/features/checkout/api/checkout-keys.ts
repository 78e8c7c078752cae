/** Query keys of the checkout's own calls (the offer's are in lib/offers-api). */
export const checkoutKeys = {
  all: ['checkout'] as const,
  systemMode: () => [...checkoutKeys.all, 'system-mode'] as const,
  paymentConfig: () => [...checkoutKeys.all, 'payment-config'] as const,
};
