import { alertMessages } from '@contrail/contracts/alerts';
import { Link } from '@tanstack/react-router';
import { useMutation, type UseMutationResult } from '@tanstack/react-query';
import { BellRingIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { ApiError } from '../../../lib/api-client';
import { followAlertLink } from '../api/alerts';

export const priceAlertPageTexts = {
  confirmTitle: 'Confirm your price alert',
  confirmIntro: 'Start the price alert you asked for? We will e-mail you when the price drops.',
  confirmButton: 'Start my price alert',
  stopTitle: 'Stop this price alert?',
  stopIntro: 'We will send no more e-mails about this price alert.',
  stopButton: 'Stop this price alert',
  home: 'Back to the home page',
} as const;

/**
 * `/price-alert?confirm=…` or `?stop=…`: the page an alert e-mail's link opens. Opening it changes
 * nothing (mail scanners open links); its button does.
 */
export function PriceAlertLinkPage({
  confirm,
  stop,
}: {
  confirm?: string | undefined;
  stop?: string | undefined;
}) {
  const action = confirm ? 'confirm' : stop ? 'stop' : null;
  const token = confirm ?? stop ?? '';
  const follow = useMutation({
    mutationFn: () => followAlertLink(action === 'confirm' ? 'confirm' : 'stop', token),
  });
  const title =
    action === 'confirm' ? priceAlertPageTexts.confirmTitle : priceAlertPageTexts.stopTitle;
  const intro =
    action === 'confirm' ? priceAlertPageTexts.confirmIntro : priceAlertPageTexts.stopIntro;
  const button =
    action === 'confirm' ? priceAlertPageTexts.confirmButton : priceAlertPageTexts.stopButton;

  return (
    <section className="mx-auto flex w-full max-w-lg flex-col px-4 py-12 sm:py-16">
      <Card>
        <CardHeader>
          <span
            aria-hidden="true"
            className="mb-2 flex size-10 items-center justify-center rounded-full bg-primary/10 text-primary"
          >
            <BellRingIcon className="size-5" />
          </span>
          <h1 className="text-2xl leading-tight font-bold tracking-tight text-card-foreground">
            {title}
          </h1>
          <CardDescription>{action ? intro : alertMessages.linkInvalid}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <FollowOutcome follow={follow} />
          {action && follow.isIdle ? (
            <Button
              onClick={() => {
                follow.mutate();
              }}
              disabled={follow.isPending}
            >
              {button}
            </Button>
          ) : null}
          {action && follow.isPending ? <Button disabled>{button}</Button> : null}
          <Link to="/" className="text-sm text-primary underline-offset-4 hover:underline">
            {priceAlertPageTexts.home}
          </Link>
        </CardContent>
      </Card>
    </section>
  );
}

/** What following the link did: the server's answer, or why it failed. */
function FollowOutcome({
  follow,
}: {
  follow: UseMutationResult<Awaited<ReturnType<typeof followAlertLink>>, Error, void>;
}) {
  return (
    <div role="status" aria-live="polite">
      {follow.isSuccess ? <p className="text-foreground">{follow.data.message}</p> : null}
      {follow.isError ? (
        <p className="text-destructive">
          {follow.error instanceof ApiError
            ? follow.error.serverMessage
            : alertMessages.linkInvalid}
        </p>
      ) : null}
    </div>
  );
}
