import { Link } from '@tanstack/react-router';
import { LockKeyholeIcon, PlaneTakeoffIcon, SearchIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import type { TripTab } from '../lib/trips-search';
import { tripsTexts } from '../lib/trips-texts';

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

/**
 * Signed out (the session says so, or the bookings call answered 401): sign in, sign up, or find
 * a guest booking.
 */
export function SignInPrompt() {
  return (
    <Card className="items-center gap-4 px-6 py-10 text-center sm:py-14">
      <span
        aria-hidden="true"
        className="flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary"
      >
        <LockKeyholeIcon className="size-6" />
      </span>
      <h2 className="text-xl font-semibold text-foreground">{tripsTexts.signInTitle}</h2>
      <p className="max-w-md text-muted-foreground">{tripsTexts.signInDescription}</p>
      <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <Button asChild size="lg">
          <Link to="/login" search={{ redirect: '/my-trips' }}>
            {tripsTexts.signIn}
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/register">{tripsTexts.createAccount}</Link>
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">
        {tripsTexts.guestHint}{' '}
        <Link to="/manage-booking" className={linkClass}>
          {tripsTexts.guestLink}
        </Link>
      </p>
    </Card>
  );
}

/** A tab without bookings: what will appear there, and a way to book. */
export function EmptyTrips({ tab }: { tab: TripTab }) {
  const text = tripsTexts.empty[tab];
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border px-6 py-12 text-center">
      <span
        aria-hidden="true"
        className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground"
      >
        <PlaneTakeoffIcon className="size-6" />
      </span>
      <h2 className="text-lg font-semibold text-foreground">{text.title}</h2>
      <p className="max-w-sm text-sm text-muted-foreground">{text.description}</p>
      <Button asChild className="mt-2">
        <Link to="/" hash="search">
          <SearchIcon aria-hidden="true" />
          {tripsTexts.searchFlights}
        </Link>
      </Button>
    </div>
  );
}

/** Placeholders in the shape of the booking cards while the list loads. */
export function TripsSkeleton() {
  return (
    <div role="status" aria-label="Loading your trips" className="grid gap-4">
      <Skeleton className="h-10 w-full max-w-sm" />
      {[0, 1].map((key) => (
        <div key={key} className="grid gap-4 rounded-xl border border-border p-5">
          <div className="flex justify-between gap-4">
            <Skeleton className="h-6 w-48" />
            <Skeleton className="h-5 w-20" />
          </div>
          <Skeleton className="h-4 w-64" />
          <Skeleton className="h-4 w-56" />
          <div className="flex justify-between gap-4 pt-2">
            <Skeleton className="h-10 w-40" />
            <Skeleton className="h-10 w-32" />
          </div>
        </div>
      ))}
    </div>
  );
}
