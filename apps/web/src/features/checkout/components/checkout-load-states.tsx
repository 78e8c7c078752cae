import { Link } from '@tanstack/react-router';
import { RotateCwIcon, SearchIcon } from 'lucide-react';
import { PageLoadError } from '../../../components/load-error';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiError } from '../../../lib/api-client';
import { checkoutTexts } from '../lib/checkout-texts';
import type { OfferProblem } from '../lib/offer-problems';

export function CheckoutLoading() {
  return (
    <div className="min-h-screen bg-muted/40">
      <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-8" aria-busy="true">
        <p role="status" className="text-sm text-muted-foreground">
          {checkoutTexts.loadingOffer}
        </p>
        <Skeleton className="h-10 w-full max-w-xl" />
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="grid gap-4">
            <Skeleton className="h-9 w-72" />
            <Skeleton className="h-80 w-full rounded-xl" />
          </div>
          <Skeleton className="hidden h-96 w-full rounded-xl lg:block" />
        </div>
      </div>
    </div>
  );
}

export function OfferLoadError({
  error,
  problem,
  retry,
  searchAgain,
}: {
  error: unknown;
  problem: OfferProblem | null;
  retry: () => void;
  searchAgain: () => void;
}) {
  const notFound = error instanceof ApiError && error.status === 404;
  const title = problem
    ? problem.title
    : notFound
      ? checkoutTexts.notFoundTitle
      : checkoutTexts.loadFailedTitle;
  const message = problem
    ? problem.message
    : error instanceof ApiError && error.serverMessage
      ? error.serverMessage
      : checkoutTexts.loadFailed;
  return (
    <PageLoadError title={title} message={message}>
      <div className="flex flex-wrap justify-center gap-3">
        {problem ? null : (
          <Button type="button" onClick={retry}>
            <RotateCwIcon aria-hidden="true" />
            {checkoutTexts.tryAgain}
          </Button>
        )}
        {problem ? (
          <Button type="button" onClick={searchAgain}>
            <SearchIcon aria-hidden="true" />
            {checkoutTexts.searchAgain}
          </Button>
        ) : (
          <Button asChild variant="outline">
            <Link to="/">{checkoutTexts.backToSearch}</Link>
          </Button>
        )}
      </div>
    </PageLoadError>
  );
}
