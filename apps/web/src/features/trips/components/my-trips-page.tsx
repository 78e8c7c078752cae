import type { BookingView } from '@contrail/contracts/bookings';
import { verificationMessages } from '@contrail/contracts/email-verification';
import { Link } from '@tanstack/react-router';
import { MailIcon } from 'lucide-react';
import { useState } from 'react';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { LoadError } from '../../../components/load-error';
import { Badge } from '../../../components/ui/badge';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { ApiError } from '../../../lib/api-client';
import { useTrips } from '../api/get-trips';
import { groupTrips } from '../lib/trip-groups';
import { TRIP_TABS, type TripTab } from '../lib/trips-search';
import { tripsTexts } from '../lib/trips-texts';
import { CancelBookingDialog } from './cancel-booking-dialog';
import { TripCard } from './trip-card';
import { TripDetailsDialog } from './trip-details-dialog';
import { EmptyTrips, SignInPrompt, TripsSkeleton } from './trips-states';

function isTab(value: string): value is TripTab {
  return (TRIP_TABS as readonly string[]).includes(value);
}

interface MyTripsPageProps {
  tab: TripTab;
  onTabChange: (tab: TripTab) => void;
  /**
   * What the session says: false (known signed out) shows the sign-in prompt without asking for
   * bookings, undefined (not known yet) waits. A 401 from the bookings call still means signed
   * out (a session that ended meanwhile).
   */
  signedIn: boolean | undefined;
  /** The account has not confirmed its address: guest bookings made with it are not shown yet. */
  emailUnconfirmed?: boolean;
}

/** `/my-trips`: the traveller's bookings in Upcoming, Past and Cancelled. */
export function MyTripsPage({ tab, onTabChange, signedIn, emailUnconfirmed }: MyTripsPageProps) {
  return (
    <section aria-labelledby="my-trips-title" className="bg-gradient-to-b from-muted to-background">
      <div className="mx-auto flex w-full max-w-4xl flex-col gap-8 px-4 py-10 sm:py-14">
        <header className="grid gap-1">
          <h1
            id="my-trips-title"
            className="text-2xl font-bold tracking-tight text-foreground sm:text-3xl"
          >
            {tripsTexts.pageTitle}
          </h1>
          <p className="text-muted-foreground">{tripsTexts.pageDescription}</p>
        </header>
        {signedIn === true && emailUnconfirmed ? (
          <Alert variant="info">
            <MailIcon aria-hidden="true" />
            <AlertDescription className="text-foreground">
              {verificationMessages.guestBookingsHidden}{' '}
              <Link
                to="/account-settings"
                className="font-medium text-primary underline underline-offset-4"
              >
                {tripsTexts.confirmAddress}
              </Link>
            </AlertDescription>
          </Alert>
        ) : null}
        {signedIn === false ? (
          <SignInPrompt />
        ) : (
          <TripsContent tab={tab} onTabChange={onTabChange} enabled={signedIn === true} />
        )}
      </div>
    </section>
  );
}

function TripsContent({
  tab,
  onTabChange,
  enabled,
}: Omit<MyTripsPageProps, 'signedIn'> & { enabled: boolean }) {
  const trips = useTrips({ enabled });
  // Ids, not bookings: the dialogs show the list's current copy after it refreshes.
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const [cancelId, setCancelId] = useState<string | null>(null);

  const { data, error } = trips;
  if (error instanceof ApiError && error.status === 401) return <SignInPrompt />;
  // A failed refresh keeps the list it had; only a list that never loaded shows the error.
  if (data === undefined) {
    if (!error) return <TripsSkeleton />;
    return (
      <LoadError
        title={`${tripsTexts.loadFailed}: ${error instanceof ApiError ? error.serverMessage : error.message}`}
        retrying={trips.isFetching}
        onRetry={() => void trips.refetch()}
      />
    );
  }

  const groups = groupTrips(data);
  const find = (id: string | null): BookingView | null =>
    data.find((booking) => booking.id === id) ?? null;

  return (
    <>
      <TripTabs
        tab={tab}
        onTabChange={onTabChange}
        groups={groups}
        onViewDetails={(b) => setDetailsId(b.id)}
        onCancel={(b) => setCancelId(b.id)}
      />
      <TripDetailsDialog
        booking={find(detailsId)}
        confirmOpen={cancelId !== null}
        onClose={() => setDetailsId(null)}
        onCancel={(b) => setCancelId(b.id)}
      />
      <CancelBookingDialog booking={find(cancelId)} onClose={() => setCancelId(null)} />
    </>
  );
}

/** Upcoming, Past and Cancelled, each tab with its count and its trips' cards. */
function TripTabs({
  tab,
  onTabChange,
  groups,
  onViewDetails,
  onCancel,
}: Omit<MyTripsPageProps, 'signedIn'> & {
  groups: ReturnType<typeof groupTrips>;
  onViewDetails: (booking: BookingView) => void;
  onCancel: (booking: BookingView) => void;
}) {
  return (
    <Tabs
      value={tab}
      onValueChange={(value) => {
        if (isTab(value)) onTabChange(value);
      }}
      className="gap-4"
    >
      <TabsList className="w-full sm:w-fit">
        {TRIP_TABS.map((value) => (
          <TabsTrigger key={value} value={value} className="sm:px-5">
            {tripsTexts.tabs[value]}{' '}
            <Badge variant={value === tab ? 'default' : 'outline'} className="min-w-5 tabular-nums">
              {groups[value].length}
            </Badge>
          </TabsTrigger>
        ))}
      </TabsList>
      {TRIP_TABS.map((value) => (
        <TabsContent key={value} value={value}>
          {groups[value].length === 0 ? (
            <EmptyTrips tab={value} />
          ) : (
            <ul className="grid gap-4">
              {groups[value].map((booking) => (
                <li key={booking.id}>
                  <TripCard booking={booking} onViewDetails={onViewDetails} onCancel={onCancel} />
                </li>
              ))}
            </ul>
          )}
        </TabsContent>
      ))}
    </Tabs>
  );
}
