import { paymentConfigSchema, type PaymentConfig } from '@contrail/contracts/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { checkoutKeys } from './checkout-keys';

/** `GET /api/payments/config`: our test-card form (sandbox) or Stripe's Payment Element. */
function fetchPaymentConfig(signal?: AbortSignal): Promise<PaymentConfig> {
  return apiRequest('/api/payments/config', paymentConfigSchema, { signal });
}

const paymentConfigQuery = () =>
  queryOptions({
    queryKey: checkoutKeys.paymentConfig(),
    queryFn: ({ signal }) => fetchPaymentConfig(signal),
  });

export function usePaymentConfig() {
  return useQuery(paymentConfigQuery());
}
