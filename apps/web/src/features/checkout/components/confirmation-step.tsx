import type { Offer } from '@contrail/contracts/offers';
import { Link } from '@tanstack/react-router';
import { CircleCheckBigIcon, MailIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { AddToCalendarButton } from '../../../components/ui/add-to-calendar-button';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CopyButton } from '../../../components/ui/copy-button';
import type { ConfirmedBooking } from '../lib/checkout-state';
import { bagCount, sliceOfBag } from '../lib/bags';
import { checkoutTexts } from '../lib/checkout-texts';
import { formatMinor } from '../../../lib/flight-formatters';
import { segmentInfo } from '../lib/seat-map';
import { cardBrandName, passengerCountsLabel, segmentRoute, tripTypeLabel } from '../lib/trip';
import { FlightItinerary } from './flight-itinerary';
import { StepHeading } from './step-heading';

const bookedOn = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

interface ConfirmationStepProps {
  offer: Offer;
  booking: ConfirmedBooking;
  /** Whether someone is signed in: a guest's account, if any, is the subject of an e-mail. */
  signedIn: boolean;
}

/** Step 4: the airline's booking reference, what was paid, and where the trip is kept. */
export function ConfirmationStep({ offer, booking, signedIn }: ConfirmationStepProps) {
  const { response } = booking;
  const email = booking.passengers[0]?.email ?? response.emailContent.to;

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <ConfirmationHero bookingReference={response.bookingReference} email={email} />

      {!signedIn ? (
        <Alert variant="info">
          <MailIcon aria-hidden="true" />
          <AlertDescription className="text-foreground">
            {checkoutTexts.guestAccount(email)}
          </AlertDescription>
        </Alert>
      ) : null}

      <BookingDetails offer={offer} booking={booking} />

      <section
        aria-labelledby="flight-summary-title"
        className="grid gap-4 rounded-xl border border-border bg-card p-5 text-card-foreground shadow-sm sm:p-6"
      >
        <h2 id="flight-summary-title" className="text-lg font-semibold">
          Flight Summary
        </h2>
        <FlightItinerary offer={offer} />
        <AddToCalendarButton
          bookingReference={response.bookingReference}
          slices={offer.slices}
          className="justify-self-start"
        />
      </section>

      <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
        <Button asChild size="lg">
          <Link to="/my-trips">{checkoutTexts.viewMyTrips}</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/">{checkoutTexts.bookAnother}</Link>
        </Button>
      </div>
    </div>
  );
}

/** The booking is made: the airline's reference, large and ready to copy. */
function ConfirmationHero({
  bookingReference,
  email,
}: {
  bookingReference: string;
  email: string;
}) {
  return (
    <div className="grid justify-items-center gap-4 rounded-xl border border-border bg-card px-6 py-8 text-center text-card-foreground shadow-sm">
      <span className="flex size-14 items-center justify-center rounded-full bg-success/15 text-success">
        <CircleCheckBigIcon className="size-8" aria-hidden="true" />
      </span>
      <StepHeading>{checkoutTexts.confirmationHeading}</StepHeading>
      <p className="text-muted-foreground">{checkoutTexts.confirmationEmail(email)}</p>
      <div className="grid justify-items-center gap-2">
        <p className="text-sm font-medium text-muted-foreground">Booking Reference</p>
        <div className="flex items-center gap-3">
          <p
            data-testid="booking-reference"
            className="rounded-lg border-2 border-dashed border-primary/40 bg-primary/5 px-5 py-2 font-mono text-3xl font-bold tracking-[0.2em] text-foreground"
          >
            {bookingReference}
          </p>
          <CopyButton value={bookingReference} label="Copy booking reference" />
        </div>
      </div>
    </div>
  );
}

interface BookingDetailsProps {
  offer: Offer;
  booking: ConfirmedBooking;
}

function BookingDetails({ offer, booking }: BookingDetailsProps) {
  const { response } = booking;
  const lead = booking.passengers[0];
  return (
    <section
      aria-labelledby="booking-details-title"
      className="grid gap-4 rounded-xl border border-border bg-card p-5 text-card-foreground shadow-sm sm:p-6"
    >
      <h2 id="booking-details-title" className="text-lg font-semibold">
        Booking Details
      </h2>
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        <Detail term="Booking Reference" value={response.bookingReference} />
        <Detail
          term="Booking ID"
          value={<span className="font-mono text-xs break-all">{response.id}</span>}
        />
        <Detail term="Booking Date" value={bookedOn.format(new Date(booking.bookedAt))} />
        {booking.card ? (
          <Detail
            term="Payment"
            value={`${cardBrandName(booking.card.brand)} •••• ${booking.card.last4}`}
          />
        ) : null}
        <Detail term="Total Paid" value={formatMinor(booking.amountMinor, booking.currency)} />
        <Detail term="Flight Type" value={tripTypeLabel(offer)} />
        <Detail
          term="Primary Passenger"
          value={lead ? `${lead.firstName} ${lead.lastName}` : '—'}
        />
        <Detail term="Email" value={<span className="break-all">{lead?.email ?? '—'}</span>} />
        <Detail term="Phone" value={lead?.phone ?? '—'} />
        <Detail term="Passengers" value={passengerCountsLabel(offer)} />
      </dl>
      <BookedExtras offer={offer} booking={booking} />
    </section>
  );
}

/** The seats and extra bags booked, each with its passenger and flight. */
function BookedExtras({ offer, booking }: BookingDetailsProps) {
  const passengerName = (id: string) => {
    const passenger = booking.passengers.find((p) => p.id === id);
    return passenger ? `${passenger.firstName} ${passenger.lastName}` : '';
  };
  return (
    <>
      {booking.seats.length > 0 ? (
        <div className="grid gap-2 border-t border-border pt-4">
          <h3 className="text-sm font-semibold">Seats</h3>
          <ul className="grid gap-1 text-sm">
            {booking.seats.map((seat) => {
              const info = segmentInfo(offer, seat.segmentId);
              return (
                <li key={`${seat.segmentId}-${seat.passengerId}`} className="text-muted-foreground">
                  <span className="font-medium text-foreground">{seat.designator}</span> ·{' '}
                  {passengerName(seat.passengerId)}
                  {info ? ` · ${info.segment.flight_number} ${segmentRoute(info.segment)}` : ''}
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
      {booking.bags.length > 0 ? (
        <div className="grid gap-2 border-t border-border pt-4">
          <h3 className="text-sm font-semibold">{checkoutTexts.extraBags}</h3>
          <ul className="grid gap-1 text-sm">
            {booking.bags.map((bag) => {
              const slice = sliceOfBag(offer.slices, bag);
              return (
                <li key={bag.serviceId} className="text-muted-foreground">
                  <span className="font-medium text-foreground">{bagCount(bag.quantity)}</span> ·{' '}
                  {passengerName(bag.passengerId)}
                  {slice ? ` · ${segmentRoute(slice)}` : ''}
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
    </>
  );
}

function Detail({ term, value }: { term: string; value: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  );
}
