import { useState, type SyntheticEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import {
  loadNewsletterContracts,
  parseNewsletterRequest,
  useSubscribeToNewsletter,
} from '../api/subscribe';

/**
 * The footer's newsletter box. One field, validated with the API's own schema; kept free of a
 * form library because it ships with every page.
 */
export function NewsletterForm() {
  const subscribe = useSubscribeToNewsletter();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [checking, setChecking] = useState(false);

  async function submit() {
    setChecking(true);
    const parsed = await parseNewsletterRequest({ email }).finally(() => {
      setChecking(false);
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    subscribe.mutate(parsed.data, {
      onSuccess: (answer) => {
        toast('Subscribed', { description: answer.message });
        setEmail('');
      },
      onError: (failure) => {
        toast.error('Subscription failed', {
          description: failure instanceof ApiError ? failure.serverMessage : failure.message,
        });
      },
    });
  }

  function onSubmit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit();
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-2 sm:flex-row sm:items-start">
      <Field label="Email Address" hideLabel error={error} className="flex-1">
        <Input
          type="email"
          name="email"
          autoComplete="email"
          placeholder="Email Address"
          value={email}
          onFocus={() => void loadNewsletterContracts()}
          onChange={(event) => {
            setEmail(event.target.value);
          }}
        />
      </Field>
      <Button type="submit" disabled={checking || subscribe.isPending}>
        Subscribe
      </Button>
    </form>
  );
}
