import { alertMessages, type Alert } from '@contrail/contracts/alerts';
import { BellOffIcon } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { useAlerts, useStopAlert } from '../api/alerts';
import { datesLabel, priceLabel, routeLabel, travellersLabel } from '../lib/alert-format';

export const priceAlertsListTexts = {
  empty:
    'You are not tracking any prices. Use Track prices on the home page or the search results.',
  loadFailed: 'Your price alerts could not be loaded. Please try again later.',
  stop: 'Stop',
  stopLabel: (route: string) => `Stop the price alert for ${route}`,
  expired: 'Departed',
  noPriceYet: 'Price not checked yet',
  lastPrice: (price: string) => `Last price ${price}`,
  stopFailed: 'Could not stop the price alert',
} as const;

/** The signed-in traveller's price alerts, each with a way to stop it (account settings). */
export function PriceAlertsList() {
  const { data: alerts, isPending, isError } = useAlerts();
  if (isPending) {
    return (
      <div className="grid gap-2" aria-hidden="true">
        <Skeleton className="h-14 w-full" />
        <Skeleton className="h-14 w-full" />
      </div>
    );
  }
  if (isError) return <p className="text-sm text-destructive">{priceAlertsListTexts.loadFailed}</p>;
  if (alerts.length === 0) {
    return <p className="text-sm text-muted-foreground">{priceAlertsListTexts.empty}</p>;
  }
  return (
    <ul className="divide-y divide-border rounded-lg border border-border">
      {alerts.map((alert) => (
        <AlertRow key={alert.id} alert={alert} />
      ))}
    </ul>
  );
}

function AlertRow({ alert }: { alert: Alert }) {
  const stop = useStopAlert();
  const route = routeLabel(alert);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-foreground">
          {route}
          {alert.status === 'expired' ? (
            <Badge variant="secondary">{priceAlertsListTexts.expired}</Badge>
          ) : null}
        </p>
        <p className="text-sm text-muted-foreground">
          {datesLabel(alert)} · {travellersLabel(alert)}
        </p>
        <p className="text-sm text-muted-foreground">
          {alert.lastPrice
            ? priceAlertsListTexts.lastPrice(priceLabel(alert.lastPrice))
            : priceAlertsListTexts.noPriceYet}
        </p>
      </div>
      <Button
        variant="outline"
        size="sm"
        disabled={stop.isPending}
        aria-label={priceAlertsListTexts.stopLabel(route)}
        onClick={() => {
          stop.mutate(alert.id, {
            onSuccess: () => {
              toast(alertMessages.stopped, { description: route });
            },
            onError: (failure) => {
              toast.error(priceAlertsListTexts.stopFailed, {
                description: failure instanceof ApiError ? failure.serverMessage : failure.message,
              });
            },
          });
        }}
      >
        <BellOffIcon aria-hidden="true" />
        {priceAlertsListTexts.stop}
      </Button>
    </li>
  );
}
