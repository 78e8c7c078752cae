import type { Offer, SeatMap } from '@contrail/contracts/offers';
import { ArrowRightIcon, CheckCircle2Icon, InfoIcon, TriangleAlertIcon } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { RadioGroup, RadioGroupPill } from '../../../components/ui/radio-group';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast';
import { cn } from '../../../lib/cn';
import { formatWeekdayDate } from '../../../lib/flight-formatters';
import { sliceLabel } from '../../../lib/journey';
import { checkoutTexts } from '../lib/checkout-texts';
import type { OfferProblem } from '../lib/offer-problems';
import {
  missingSeats,
  orderedSeatMaps,
  seatsByDesignator,
  type SeatCell,
  type SeatChoices,
} from '../lib/seat-map';
import { segmentRoute } from '../lib/trip';
import { SeatMapView, seatStyles, type SeatHolder } from './seat-map-view';
import { StepHeading } from './step-heading';

export interface SeatedPassenger {
  id: string;
  /** 1-based, as numbered on the passenger step. */
  number: number;
  name: string;
}

interface SeatStepProps {
  offer: Offer;
  seatMaps: { status: 'pending' | 'error' | 'success'; data: readonly SeatMap[] | undefined };
  passengers: readonly SeatedPassenger[];
  choices: SeatChoices;
  offerProblem: OfferProblem | null;
  /** Why the seats must be chosen again (taken meanwhile, or not for that passenger). */
  seatProblem: string | null;
  /** Why a passenger may not take a seat on a flight (an exit row for a child), or null. */
  seatRestriction: (passengerId: string, segmentId: string, seat: SeatCell) => string | null;
  onChoose: (segmentId: string, passengerId: string, designator: string | null) => void;
  onContinue: () => void;
  onSkip: () => void;
  /** The extra bags, chosen on this step beside the seats. */
  bags?: ReactNode;
}

/**
 * Step 2: a seat map per flight, grouped under Outbound and Return; the traveller picks a
 * passenger, then a seat, for every seated passenger.
 */
export function SeatStep(props: SeatStepProps) {
  const { offer, seatMaps, offerProblem, onSkip } = props;
  const flights = useMemo(
    () => orderedSeatMaps(offer, seatMaps.data ?? []),
    [offer, seatMaps.data],
  );

  if (seatMaps.status === 'pending') {
    return (
      <div className="grid gap-6" aria-busy="true">
        <StepHeading>{checkoutTexts.seatHeading}</StepHeading>
        <p role="status" className="text-sm text-muted-foreground">
          {checkoutTexts.seatMapsLoading}
        </p>
        <Skeleton className="h-24 w-full rounded-xl" />
        <Skeleton className="h-96 w-full rounded-xl" />
      </div>
    );
  }

  if (flights.length === 0) {
    // No maps, or they failed: a notice, and only Continue to Payment.
    return (
      <div className="grid gap-6">
        <StepHeading>{checkoutTexts.seatHeading}</StepHeading>
        <Alert variant="info">
          <InfoIcon aria-hidden="true" />
          <AlertTitle>{checkoutTexts.seatMapsUnavailableTitle}</AlertTitle>
          <AlertDescription>{checkoutTexts.seatMapsUnavailable}</AlertDescription>
        </Alert>
        {props.bags}
        <div className="flex justify-end">
          <Button type="button" size="lg" disabled={offerProblem !== null} onClick={onSkip}>
            {offerProblem ? checkoutTexts.offerExpiredButton : checkoutTexts.continueToPayment}
            {offerProblem ? null : <ArrowRightIcon aria-hidden="true" />}
          </Button>
        </div>
      </div>
    );
  }

  return <SeatSelection {...props} flights={flights} />;
}

function SeatSelection({
  offer,
  passengers,
  choices,
  seatProblem,
  seatRestriction,
  onChoose,
  onContinue,
  onSkip,
  offerProblem,
  flights,
  bags,
}: SeatStepProps & { flights: ReturnType<typeof orderedSeatMaps> }) {
  const [activeSegmentId, setActiveSegmentId] = useState(() => flights[0]?.map.segment_id ?? '');
  const [activePassengerId, setActivePassengerId] = useState(() => passengers[0]?.id ?? '');
  const maps = useMemo(() => flights.map((flight) => flight.map), [flights]);
  const active = flights.find((flight) => flight.map.segment_id === activeSegmentId) ?? flights[0];
  const seats = useMemo(
    () => (active ? seatsByDesignator(active.map) : new Map<string, SeatCell>()),
    [active],
  );
  const byId = useMemo(() => new Map(passengers.map((p) => [p.id, p])), [passengers]);

  if (!active) return null;
  const segmentId = active.map.segment_id;
  const chosen = choices[segmentId] ?? {};
  const holders = new Map<string, SeatHolder>();
  for (const [passengerId, designator] of Object.entries(chosen)) {
    const passenger = byId.get(passengerId);
    if (passenger)
      holders.set(designator, { passengerId, number: passenger.number, name: passenger.name });
  }
  const flightLabel = `${active.segment.flight_number}, ${segmentRoute(active.segment)}`;
  const activeIndex = flights.indexOf(active);
  const nextFlight = flights[activeIndex + 1];
  const segmentComplete = passengers.every((p) => chosen[p.id] !== undefined);
  const disclosures = [
    ...new Set(
      Object.values(chosen).flatMap((designator) => seats.get(designator)?.disclosures ?? []),
    ),
  ];

  /** Another flight, starting with the first traveller still without a seat on it. */
  const showFlight = (id: string) => {
    setActiveSegmentId(id);
    const seated = choices[id] ?? {};
    const waiting = passengers.find((p) => seated[p.id] === undefined) ?? passengers[0];
    if (waiting) setActivePassengerId(waiting.id);
  };

  const choose = (seat: SeatCell) => {
    const passenger = byId.get(activePassengerId);
    if (!passenger) return;
    if (chosen[passenger.id] === seat.designator) {
      onChoose(segmentId, passenger.id, null);
      return;
    }
    onChoose(segmentId, passenger.id, seat.designator);
    toast(checkoutTexts.seatSelectedTitle, {
      description: `Seat ${seat.designator} for ${passenger.name} on ${segmentRoute(active.segment)}`,
    });
    // On to the next traveller still without a seat on this flight.
    const next = passengers.find((p) => p.id !== passenger.id && chosen[p.id] === undefined);
    if (next) setActivePassengerId(next.id);
  };

  const continueToPayment = () => {
    const missing = missingSeats(
      maps,
      passengers.map((p) => p.id),
      choices,
    );
    const [first] = missing;
    if (first) {
      toast.error(checkoutTexts.seatRequiredTitle, { description: checkoutTexts.seatRequired });
      setActiveSegmentId(first.segmentId);
      setActivePassengerId(first.passengerId);
      return;
    }
    onContinue();
  };

  const groups = offer.slices
    .map((slice, sliceIndex) => ({
      label: sliceLabel(sliceIndex, offer.slices),
      sliceId: slice.id,
      flights: flights.filter((flight) => flight.sliceIndex === sliceIndex),
    }))
    .filter((group) => group.flights.length > 0);

  return (
    <div className="grid gap-6">
      <StepHeading description={checkoutTexts.seatIntro}>{checkoutTexts.seatHeading}</StepHeading>

      {seatProblem ? (
        <Alert variant="destructive" role="alert">
          <TriangleAlertIcon aria-hidden="true" />
          <AlertTitle>{checkoutTexts.seatsAgainTitle}</AlertTitle>
          <AlertDescription>{seatProblem}</AlertDescription>
        </Alert>
      ) : null}

      <nav aria-label="Flights" className="grid gap-4 sm:grid-cols-2">
        {groups.map((group) => (
          <div key={group.sliceId} className="grid content-start gap-2">
            <h2 className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
              {group.label}
            </h2>
            <ul className="grid gap-2">
              {group.flights.map((flight) => {
                const count = passengers.filter(
                  (p) => choices[flight.map.segment_id]?.[p.id] !== undefined,
                ).length;
                const current = flight.map.segment_id === segmentId;
                const done = count === passengers.length;
                return (
                  <li key={flight.map.segment_id}>
                    <button
                      type="button"
                      aria-pressed={current}
                      onClick={() => showFlight(flight.map.segment_id)}
                      className={cn(
                        'flex w-full items-center justify-between gap-3 rounded-lg border px-4 py-3 text-left transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
                        current
                          ? 'border-primary bg-primary/5 ring-1 ring-primary'
                          : 'border-border bg-card hover:bg-muted',
                      )}
                    >
                      <span className="grid gap-0.5">
                        <span className="font-semibold">
                          {flight.segment.flight_number} · {segmentRoute(flight.segment)}
                        </span>
                        <span className="text-sm text-muted-foreground">
                          {formatWeekdayDate(flight.segment.departing_at)} ·{' '}
                          {flight.segment.airline.name}
                        </span>
                      </span>
                      <span
                        className={cn(
                          'flex shrink-0 items-center gap-1 text-sm',
                          done ? 'font-medium text-success' : 'text-muted-foreground',
                        )}
                      >
                        {done ? <CheckCircle2Icon className="size-4" aria-hidden="true" /> : null}
                        {count}/{passengers.length}
                        <span className="sr-only"> seats chosen</span>
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </nav>

      <section
        aria-labelledby="seat-flight-title"
        className="grid gap-5 rounded-xl border border-border bg-card p-4 text-card-foreground shadow-sm sm:p-6"
      >
        <div className="grid gap-1">
          <h2 id="seat-flight-title" className="text-lg font-semibold">
            {active.segment.flight_number} · {active.segment.origin.city_name} to{' '}
            {active.segment.destination.city_name}
          </h2>
          <p className="text-sm text-muted-foreground">
            {sliceLabel(active.sliceIndex, offer.slices)} ·{' '}
            {formatWeekdayDate(active.segment.departing_at)} ·{' '}
            {active.segment.aircraft?.name ?? active.segment.airline.name}
          </p>
        </div>

        <div className="grid gap-2">
          <p id="seat-passenger-label" className="text-sm font-medium">
            {checkoutTexts.seatFor}
          </p>
          <RadioGroup
            aria-labelledby="seat-passenger-label"
            value={activePassengerId}
            onValueChange={setActivePassengerId}
          >
            {passengers.map((passenger) => (
              <RadioGroupPill key={passenger.id} value={passenger.id} className="h-auto py-1.5">
                <span>
                  {passenger.number}. {passenger.name}
                  <span className="ml-1.5 font-normal">· {chosen[passenger.id] ?? 'No seat'}</span>
                </span>
              </RadioGroupPill>
            ))}
          </RadioGroup>
        </div>

        <ul aria-label="Legend" className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
          <LegendItem className={seatStyles.available} label={checkoutTexts.legendAvailable} />
          <LegendItem className={seatStyles.held} label={checkoutTexts.legendSelected} />
          <LegendItem className={seatStyles.unavailable} label={checkoutTexts.legendUnavailable} />
        </ul>

        <SeatMapView
          map={active.map}
          flightLabel={flightLabel}
          activePassengerId={activePassengerId}
          holders={holders}
          onSeat={choose}
          restriction={(seat) => seatRestriction(activePassengerId, segmentId, seat)}
        />

        {disclosures.length > 0 ? (
          <Alert variant="warning">
            <InfoIcon aria-hidden="true" />
            <AlertTitle>Exit row</AlertTitle>
            <AlertDescription>
              <ul className="list-disc pl-4">
                {disclosures.map((text) => (
                  <li key={text}>{text}</li>
                ))}
              </ul>
            </AlertDescription>
          </Alert>
        ) : null}

        {segmentComplete && nextFlight ? (
          <div className="flex justify-end">
            <Button
              type="button"
              variant="secondary"
              onClick={() => showFlight(nextFlight.map.segment_id)}
            >
              {checkoutTexts.nextFlight}: {segmentRoute(nextFlight.segment)}
              <ArrowRightIcon aria-hidden="true" />
            </Button>
          </div>
        ) : null}
      </section>

      {bags}

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
        <Button
          type="button"
          variant="outline"
          size="lg"
          disabled={offerProblem !== null}
          onClick={onSkip}
        >
          {checkoutTexts.skipSeats}
        </Button>
        <Button
          type="button"
          size="lg"
          disabled={offerProblem !== null}
          onClick={continueToPayment}
        >
          {offerProblem ? checkoutTexts.offerExpiredButton : checkoutTexts.continueToPayment}
          {offerProblem ? null : <ArrowRightIcon aria-hidden="true" />}
        </Button>
      </div>
    </div>
  );
}

function LegendItem({ className, label }: { className: string; label: string }) {
  return (
    <li className="flex items-center gap-2">
      <span
        aria-hidden="true"
        className={cn('size-5 rounded-t-md rounded-b-sm border', className)}
      />
      {label}
    </li>
  );
}
