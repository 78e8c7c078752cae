import {
  alertLinkResponseSchema,
  alertListSchema,
  createAlertResponseSchema,
  type Alert,
  type CreateAlertResponse,
} from '@contrail/contracts/alerts';
import type { SearchCriteria } from '@contrail/contracts/search-rules';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiSend } from '../../../lib/api-client';

const alertsKeys = {
  all: ['price-alerts'] as const,
  list: () => [...alertsKeys.all, 'list'] as const,
};

/** `GET /api/alerts`: the signed-in traveller's alerts, with the last price seen. */
function fetchAlerts(signal?: AbortSignal): Promise<Alert[]> {
  return apiRequest('/api/alerts', alertListSchema, signal ? { signal } : {}).then(
    ({ alerts }) => alerts,
  );
}

function alertsQueryOptions() {
  return queryOptions({
    queryKey: alertsKeys.list(),
    queryFn: ({ signal }) => fetchAlerts(signal),
  });
}

export function useAlerts() {
  return useQuery(alertsQueryOptions());
}

/** `POST /api/alerts`: tracks the search; a guest's needs `email` and waits for confirmation. */
function createAlert(body: SearchCriteria & { email?: string }): Promise<CreateAlertResponse> {
  return apiRequest('/api/alerts', createAlertResponseSchema, { method: 'POST', body });
}

export function useCreateAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAlert,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertsKeys.all }),
  });
}

/** `DELETE /api/alerts/:id`: stops the traveller's own alert. */
function stopAlert(id: string): Promise<void> {
  return apiSend(`/api/alerts/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useStopAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stopAlert,
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertsKeys.all }),
  });
}

/** The two links of alert e-mails: confirming a guest's alert, stopping an alert. */
export function followAlertLink(action: 'confirm' | 'stop', token: string) {
  return action === 'confirm'
    ? apiRequest('/api/alerts/confirm', alertLinkResponseSchema, {
        method: 'POST',
        body: { token },
      })
    : apiRequest(
        `/api/alerts/unsubscribe?token=${encodeURIComponent(token)}`,
        alertLinkResponseSchema,
        { method: 'POST', body: {} },
      );
}
