import { bookingLookupQuerySchema, type BookingView } from '@contrail/contracts/bookings';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@tanstack/react-router';
import { CircleAlertIcon, InfoIcon, LoaderCircleIcon, SearchIcon } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api-client';
import { useLookupBooking } from '../api/lookup-booking';
import { tripsTexts } from '../lib/trips-texts';
import { BookingDetails } from './booking-details';

interface RetrieveBookingProps {
  /** The level of the box's own heading, under the page's. */
  headingLevel: 2 | 3;
  /** Values to start with (the e-mail's link); when valid, the booking is looked up at once. */
  initial?: { reference: string; email: string } | undefined;
}

/**
 * The retrieve-booking box (Support → My Bookings): booking reference and e-mail address; the
 * booking found is shown below it, read-only.
 */
export function RetrieveBooking({ headingLevel, initial }: RetrieveBookingProps) {
  const lookup = useLookupBooking();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = useId();
  const { mutate } = lookup;
  const lookedUp = useRef(false);

  // Once per page: a link opened twice (or a re-render) must not spend the look-up allowance.
  useEffect(() => {
    if (lookedUp.current || !initial) return;
    lookedUp.current = true;
    const parsed = bookingLookupQuerySchema.safeParse(initial);
    if (parsed.success) mutate(parsed.data);
  }, [initial, mutate]);

  return (
    <div className="grid gap-6">
      <section
        aria-labelledby={headingId}
        className="grid gap-4 rounded-xl border border-border bg-card p-5 text-card-foreground shadow-sm sm:p-6"
      >
        <div className="grid gap-1">
          <Heading id={headingId} className="text-lg font-semibold text-foreground">
            {tripsTexts.retrieveTitle}
          </Heading>
          <p className="text-sm text-muted-foreground">{tripsTexts.retrieveDescription}</p>
        </div>
        <RetrieveBookingForm
          busy={lookup.isPending}
          initial={initial}
          onSubmit={(values) => lookup.mutate(values)}
        />
        {lookup.isError ? <LookupError error={lookup.error} /> : null}
      </section>
      {lookup.data ? <ReadOnlyBooking booking={lookup.data} headingLevel={headingLevel} /> : null}
    </div>
  );
}

function RetrieveBookingForm({
  busy,
  initial,
  onSubmit,
}: {
  busy: boolean;
  initial: { reference: string; email: string } | undefined;
  onSubmit: (values: { reference: string; email: string }) => void;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(bookingLookupQuerySchema),
    defaultValues: { reference: initial?.reference ?? '', email: initial?.email ?? '' },
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,1.5fr)_auto] sm:items-start"
    >
      <Field label={tripsTexts.referenceLabel} error={errors.reference?.message}>
        <Input
          autoComplete="off"
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          maxLength={20}
          placeholder="e.g. ABC123"
          className="font-mono uppercase placeholder:font-sans placeholder:normal-case"
          {...register('reference')}
        />
      </Field>
      <Field label={tripsTexts.emailLabel} error={errors.email?.message}>
        <Input
          type="email"
          autoComplete="email"
          maxLength={254}
          placeholder="you@example.com"
          {...register('email')}
        />
      </Field>
      {/* Lines the button up with the inputs, under the labels' height. */}
      <div className="grid gap-2">
        <span aria-hidden="true" className="hidden h-3.5 sm:block" />
        <FindButton busy={busy} />
      </div>
    </form>
  );
}

/** Find, or while the look-up runs a spinner and 'Finding'. */
function FindButton({ busy }: { busy: boolean }) {
  return (
    <Button type="submit" disabled={busy} className="w-full sm:w-auto">
      {busy ? (
        <>
          <LoaderCircleIcon
            className="animate-spin motion-reduce:animate-none"
            aria-hidden="true"
          />
          {tripsTexts.finding}
        </>
      ) : (
        <>
          <SearchIcon aria-hidden="true" />
          {tripsTexts.find}
        </>
      )}
    </Button>
  );
}

/**
 * A wrong pair (404) and too many attempts (429) say what the server says; anything else is
 * 'Unable to retrieve booking details: ...'.
 */
function LookupError({ error }: { error: Error }) {
  const own = error instanceof ApiError && error.status < 500 && error.serverMessage.trim() !== '';
  const message = own
    ? error.serverMessage
    : `${tripsTexts.lookupFailedPrefix}: ${error instanceof ApiError ? error.serverMessage : tripsTexts.tryLater}`;
  return (
    <Alert variant="destructive" role="alert">
      <CircleAlertIcon aria-hidden="true" />
      <AlertTitle className="font-medium">{message}</AlertTitle>
    </Alert>
  );
}

function ReadOnlyBooking({ booking, headingLevel }: { booking: BookingView; headingLevel: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingRef = useRef<HTMLHeadingElement>(null);
  const first = booking.slices[0];

  // A new answer moves focus (and the screen) to it, so the result does not go unnoticed.
  useEffect(() => {
    headingRef.current?.focus();
  }, [booking]);

  return (
    <section
      aria-labelledby={`booking-${booking.id}`}
      className="grid gap-5 rounded-xl border border-border bg-card p-5 text-card-foreground shadow-sm sm:p-6"
    >
      <div className="grid gap-1">
        <Heading
          id={`booking-${booking.id}`}
          ref={headingRef}
          tabIndex={-1}
          className="text-lg font-semibold text-foreground outline-none"
        >
          {first ? `${first.origin.city_name} to ${first.destination.city_name}` : 'Your booking'}
        </Heading>
        <p className="text-sm text-muted-foreground">Booking {booking.bookingReference}</p>
      </div>
      <BookingDetails booking={booking}>
        <Alert variant="info">
          <InfoIcon aria-hidden="true" />
          <AlertTitle>{tripsTexts.readOnlyTitle}</AlertTitle>
          <AlertDescription>
            <p>{tripsTexts.readOnly}</p>
            <Button asChild size="sm" className="mt-3">
              <Link to="/login" search={{ redirect: '/my-trips' }}>
                {tripsTexts.signIn}
              </Link>
            </Button>
          </AlertDescription>
        </Alert>
      </BookingDetails>
    </section>
  );
}
