import { Link } from '@tanstack/react-router';
import { LogInIcon, TicketsPlaneIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { tripsTexts } from '../lib/trips-texts';
import { RetrieveBooking } from './retrieve-booking';

/**
 * Support → My Bookings: Log In, View My Trips, and the retrieve-booking box for a booking made
 * without signing in.
 */
export function MyBookingsSection() {
  return (
    <section aria-labelledby="my-bookings-title" className="grid gap-6">
      <div className="grid gap-1">
        <h2 id="my-bookings-title" className="text-xl font-semibold text-foreground">
          {tripsTexts.myBookingsTitle}
        </h2>
        <p className="text-muted-foreground">{tripsTexts.myBookingsDescription}</p>
      </div>
      <div className="flex flex-col gap-3 rounded-xl border border-border bg-card p-5 text-card-foreground shadow-sm sm:flex-row sm:items-center sm:justify-between sm:p-6">
        <p className="text-sm text-muted-foreground">{tripsTexts.myBookingsSignIn}</p>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button asChild>
            <Link to="/login" search={{ redirect: '/my-trips' }}>
              <LogInIcon aria-hidden="true" />
              {tripsTexts.logIn}
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/my-trips">
              <TicketsPlaneIcon aria-hidden="true" />
              {tripsTexts.viewMyTrips}
            </Link>
          </Button>
        </div>
      </div>
      <RetrieveBooking headingLevel={3} />
    </section>
  );
}
