import type { AdminSettings } from '@contrail/contracts/admin';
import { Link } from '@tanstack/react-router';
import { ArrowLeftIcon, ArrowRightIcon, PaletteIcon, ServerIcon } from 'lucide-react';
import { LoadError } from '../../../components/load-error';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiError } from '../../../lib/api-client';
import { useAdminSettings } from '../api/get-admin-settings';
import { useAdminLoadFailure } from '../hooks/use-admin-load-failure';
import { useLiveModeChange } from '../hooks/use-live-mode-change';
import { AdminPageHeader } from './admin-page-header';
import { LiveModeCard } from './live-mode-card';
import { LiveModeDialog } from './live-mode-dialog';
import { ProviderStatusCard } from './provider-status-card';

const ENVIRONMENT_LABELS: Record<AdminSettings['environment'], string> = {
  production: 'Production',
  development: 'Development',
  test: 'Test',
};

const SETTINGS_LOAD_FAILED = 'Failed to load admin settings.';

function EnvironmentBadge({ environment }: { environment: AdminSettings['environment'] }) {
  return (
    <Badge variant={environment === 'production' ? 'default' : 'secondary'} size="lg">
      <ServerIcon aria-hidden="true" />
      <span>
        Environment: <span className="font-semibold">{ENVIRONMENT_LABELS[environment]}</span>
      </span>
    </Badge>
  );
}

/** `/admin-settings`: live mode, environment, provider status. */
export function AdminSettingsPage() {
  const settings = useAdminSettings();
  const { target, setTarget, reloading, onChanged } = useLiveModeChange();
  useAdminLoadFailure(settings.error, SETTINGS_LOAD_FAILED);

  const data = settings.data;

  return (
    <section
      aria-labelledby="page-title"
      className="mx-auto grid w-full max-w-5xl gap-8 px-4 py-10 sm:py-12"
    >
      <AdminPageHeader
        title="Admin Settings"
        description="Booking mode and live provider configuration for every brand of this installation."
        actions={data ? <EnvironmentBadge environment={data.environment} /> : null}
      />

      {data ? (
        <>
          <div className="grid gap-6 lg:grid-cols-2">
            <LiveModeCard
              settings={data}
              busy={target !== null || reloading}
              onRequestChange={(live) => setTarget(live)}
            />
            <ProviderStatusCard settings={data} />
          </div>
          <LiveModeDialog
            target={target}
            onClose={() => setTarget(null)}
            onChanged={(next) => onChanged(data, next)}
          />
        </>
      ) : settings.isError ? (
        <LoadError
          title={SETTINGS_LOAD_FAILED}
          message={
            settings.error instanceof ApiError
              ? settings.error.serverMessage
              : 'Check your connection and try again.'
          }
          onRetry={() => void settings.refetch()}
          retrying={settings.isFetching}
          retryLabel="Retry"
          retryingLabel="Retrying…"
        />
      ) : (
        <SettingsSkeleton />
      )}

      <BrandsCard />
      <BackToAccount />
    </section>
  );
}

function BrandsCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2} className="flex items-center gap-2">
          <PaletteIcon className="size-5 text-muted-foreground" aria-hidden="true" />
          Brands
        </CardTitle>
        <CardDescription>
          Names, domains, logos, colours, contact details, currency and markup of every brand.
        </CardDescription>
      </CardHeader>
      <CardFooter>
        <Button asChild variant="secondary">
          <Link to="/admin/brands">
            Open brand manager
            <ArrowRightIcon aria-hidden="true" />
          </Link>
        </Button>
      </CardFooter>
    </Card>
  );
}

function BackToAccount() {
  return (
    <div>
      <Button asChild variant="outline">
        <Link to="/account-settings">
          <ArrowLeftIcon aria-hidden="true" />
          Back to Account
        </Link>
      </Button>
    </div>
  );
}

function SettingsSkeleton() {
  return (
    <div className="grid gap-6 lg:grid-cols-2" aria-busy="true">
      <span className="sr-only" role="status">
        Loading admin settings…
      </span>
      {[0, 1].map((key) => (
        <Card key={key}>
          <CardHeader>
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-4 w-full" />
          </CardHeader>
          <CardContent className="grid gap-3">
            <Skeleton className="h-20 w-full" />
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
