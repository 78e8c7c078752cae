import { alertMessages } from '@contrail/contracts/alerts';
import type { SearchCriteria } from '@contrail/contracts/search-rules';
import { BellRingIcon, CheckCircle2Icon } from 'lucide-react';
import { useId, useState, type SyntheticEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useCreateAlert } from '../api/alerts';
import { datesLabel, routeLabel, travellersLabel } from '../lib/alert-format';
import { priceAlertTexts } from '../lib/price-alert-texts';

export { priceAlertTexts } from '../lib/price-alert-texts';

interface PriceAlertFormProps {
  /** The search to track; null when the traveller has not searched yet. */
  criteria: SearchCriteria | null;
  /** Signed in: one click tracks it for the account; a guest gives an e-mail address. */
  signedIn: boolean;
  className?: string;
}

/**
 * Tracks a search's price: a signed-in traveller's alert starts at once, a guest's once the
 * e-mailed link is followed.
 */
export function PriceAlertForm({ criteria, signedIn, className }: PriceAlertFormProps) {
  const create = useCreateAlert();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [done, setDone] = useState<string | null>(null);
  const summaryId = useId();

  if (!criteria) {
    return (
      <p className={cn('text-sm text-muted-foreground', className)}>{priceAlertTexts.noSearch}</p>
    );
  }
  const trip = criteria;

  function onSubmit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!signedIn && email.trim() === '') {
      setError(alertMessages.emailRequired);
      return;
    }
    setError(undefined);
    create.mutate(signedIn ? trip : { ...trip, email: email.trim() }, {
      onSuccess: (answer) => {
        setDone(answer.message);
      },
      onError: (failure) => {
        const field = failure instanceof ApiError ? failure.fields?.email : undefined;
        if (field) {
          setError(field);
          return;
        }
        toast.error(priceAlertTexts.failedTitle, {
          description: failure instanceof ApiError ? failure.serverMessage : alertMessages.failed,
        });
      },
    });
  }

  return (
    <div className={cn('flex flex-col gap-3', className)}>
      <p id={summaryId} className="text-sm text-foreground">
        <span className="font-medium">{routeLabel(trip)}</span>
        <span className="block text-muted-foreground">
          {datesLabel(trip)} · {travellersLabel(trip)}
        </span>
      </p>
      <div role="status" aria-live="polite">
        {done ? (
          <p className="flex items-start gap-2 text-sm text-foreground">
            <CheckCircle2Icon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            {done}
          </p>
        ) : null}
      </div>
      {done ? null : (
        <form
          noValidate
          onSubmit={onSubmit}
          aria-describedby={summaryId}
          aria-label={priceAlertTexts.track}
          className="flex flex-col gap-2"
        >
          {signedIn ? null : (
            <Field label={priceAlertTexts.emailLabel} hideLabel error={error}>
              <Input
                type="email"
                name="email"
                autoComplete="email"
                placeholder={priceAlertTexts.emailLabel}
                value={email}
                onChange={(event) => {
                  setEmail(event.target.value);
                }}
              />
            </Field>
          )}
          <Button type="submit" disabled={create.isPending}>
            <BellRingIcon aria-hidden="true" />
            {priceAlertTexts.track}
          </Button>
        </form>
      )}
    </div>
  );
}
