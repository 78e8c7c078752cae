import { adminMessages, type AdminSettings } from '@contrail/contracts/admin';
import { FlaskConicalIcon, InfoIcon, RadioIcon } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '../../../components/ui/badge';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import { Label } from '../../../components/ui/label';
import { Switch } from '../../../components/ui/switch';
import { modeName } from '../lib/live-mode-feedback';

/**
 * Why live mode cannot be switched on, or null when it can. Switching back to test mode is never
 * blocked: an installation must not be stuck in live mode.
 */
function liveModeBlockedReason(settings: AdminSettings): string | null {
  if (settings.enableLiveMode) return null;
  if (!settings.duffelApiConfigured) {
    return `${adminMessages.liveProviderMissing}. Flights come from the built-in sandbox until one is set up.`;
  }
  if (!settings.stripeConfigured) {
    return 'Live mode also needs a configured card payment provider. Payments use the sandbox until one is set up.';
  }
  return null;
}

function ModeBadge({ live }: { live: boolean }) {
  return live ? (
    <Badge>
      <RadioIcon aria-hidden="true" />
      {modeName(true)}
    </Badge>
  ) : (
    <Badge variant="outline">
      <FlaskConicalIcon aria-hidden="true" />
      {modeName(false)}
    </Badge>
  );
}

interface LiveModeCardProps {
  settings: AdminSettings;
  /** Asks to switch to `live` (the switch itself only changes once the change is saved). */
  onRequestChange: (live: boolean) => void;
  busy: boolean;
}

export function LiveModeCard({ settings, onRequestChange, busy }: LiveModeCardProps) {
  const switchId = useId();
  const reasonId = `${switchId}-reason`;
  const hintId = `${switchId}-hint`;
  const blockedReason = liveModeBlockedReason(settings);

  return (
    <Card>
      <CardHeader>
        <CardTitle level={2} className="flex flex-wrap items-center gap-3">
          Booking mode <ModeBadge live={settings.enableLiveMode} />
        </CardTitle>
        <CardDescription>
          Test mode searches and books in the built-in sandbox. Live mode sells real tickets through
          the live flight provider and charges real cards.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="flex items-start justify-between gap-4 rounded-lg border border-border bg-background p-4">
          <div className="grid gap-1.5">
            <Label htmlFor={switchId}>Live mode</Label>
            <p id={hintId} className="text-sm text-muted-foreground">
              {settings.enableLiveMode
                ? 'On: bookings are real and cards are charged.'
                : 'Off: every search and booking uses test data.'}
            </p>
          </div>
          <Switch
            id={switchId}
            checked={settings.enableLiveMode}
            disabled={blockedReason !== null || busy}
            aria-describedby={blockedReason ? `${hintId} ${reasonId}` : hintId}
            onCheckedChange={onRequestChange}
          />
        </div>
        {blockedReason ? (
          <p
            id={reasonId}
            className="flex items-start gap-2 rounded-md bg-muted px-3 py-2 text-sm text-muted-foreground"
          >
            <InfoIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {blockedReason}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
