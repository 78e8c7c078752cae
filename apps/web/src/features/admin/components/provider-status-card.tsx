import type { AdminSettings } from '@contrail/contracts/admin';
import { CreditCardIcon, PlaneIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import { ConfigurationStatus } from './status-indicator';

interface ProviderRowProps {
  icon: ReactNode;
  name: string;
  provider: string;
  configured: boolean;
  fallback: string;
}

function ProviderRow({ icon, name, provider, configured, fallback }: ProviderRowProps) {
  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-muted text-foreground">
          {icon}
        </span>
        <div className="grid gap-0.5">
          <p className="font-medium text-foreground">
            {name} <span className="font-normal text-muted-foreground">· {provider}</span>
          </p>
          <p className="text-sm text-muted-foreground">
            {configured ? `${provider} is ready for live mode.` : fallback}
          </p>
        </div>
      </div>
      <span className="pl-13 sm:pl-0">
        <ConfigurationStatus configured={configured} />
      </span>
    </li>
  );
}

/** The configuration status of the flight provider and of the card payment provider. */
export function ProviderStatusCard({ settings }: { settings: AdminSettings }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>Live providers</CardTitle>
        <CardDescription>
          Live mode needs both. Credentials are set in the server configuration, never here.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-border" aria-label="Live providers">
          <ProviderRow
            icon={<PlaneIcon className="size-5" aria-hidden="true" />}
            name="Flight provider"
            provider="Duffel"
            configured={settings.duffelApiConfigured}
            fallback="Flights come from the built-in sandbox."
          />
          <ProviderRow
            icon={<CreditCardIcon className="size-5" aria-hidden="true" />}
            name="Card payments"
            provider="Stripe"
            configured={settings.stripeConfigured}
            fallback="Payments use the sandbox, which accepts test cards only."
          />
        </ul>
      </CardContent>
    </Card>
  );
}
