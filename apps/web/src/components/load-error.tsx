import { CircleAlertIcon, RotateCwIcon, TriangleAlertIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert, AlertDescription, AlertTitle } from './ui/alert';
import { Button } from './ui/button';

/**
 * Something on a page could not load: what (a title, a message or both) and a retry. Without
 * `onRetry` (a refusal that retrying will not change) there is no button. Role "alert" interrupts;
 * a failure already announced elsewhere (a toast) passes role "status".
 */
export function LoadError({
  title,
  message,
  onRetry,
  retrying = false,
  retryLabel = 'Try Again',
  retryingLabel = retryLabel,
  role = 'alert',
}: {
  title?: string;
  message?: ReactNode;
  onRetry?: () => void;
  retrying?: boolean;
  retryLabel?: string;
  retryingLabel?: string;
  role?: 'alert' | 'status';
}) {
  return (
    <Alert variant="destructive" role={role}>
      <CircleAlertIcon aria-hidden="true" />
      {title ? <AlertTitle>{title}</AlertTitle> : null}
      {message || onRetry ? (
        <AlertDescription>
          {message ? <p>{message}</p> : null}
          {onRetry ? (
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="mt-2"
              disabled={retrying}
              onClick={onRetry}
            >
              <RotateCwIcon aria-hidden="true" />
              {retrying ? retryingLabel : retryLabel}
            </Button>
          ) : null}
        </AlertDescription>
      ) : null}
    </Alert>
  );
}

/**
 * What a page is about could not load, in place of the whole page: the page's heading, why, and
 * the ways on (`children`, its buttons).
 */
export function PageLoadError({
  title,
  message,
  children,
}: {
  title: ReactNode;
  message?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto grid w-full max-w-2xl px-4 py-16">
      <div
        role="alert"
        className="flex flex-col items-center gap-4 rounded-xl border border-border bg-card px-6 py-12 text-center shadow-sm"
      >
        <span className="flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
          <TriangleAlertIcon className="size-6" aria-hidden="true" />
        </span>
        <h1 className="text-xl font-semibold">{title}</h1>
        {message ? <p className="text-muted-foreground">{message}</p> : null}
        {children}
      </div>
    </div>
  );
}
