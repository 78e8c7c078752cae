import type { Offer, SeatMap } from '@contrail/contracts/offers';
import { ArrowRightIcon, InfoIcon, TriangleAlertIcon } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast';
import { checkoutTexts } from '../lib/checkout-texts';
import type { OfferProblem } from '../lib/offer-problems';
import { missingSeats, orderedSeatMaps, type SeatCell, type SeatChoices } from '../lib/seat-map';
import { segmentRoute } from '../lib/trip';
import { SeatFlightPanel, type SeatedPassenger } from './seat-flight-panel';
import { SeatFlightsNav, type SeatFlight } from './seat-flights-nav';
import type { SeatHolder } from './seat-map-view';
import { StepHeading } from './step-heading';

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

interface SeatSelectionProps extends SeatStepProps {
  flights: readonly SeatFlight[];
}

/** Which flight and passenger the map is choosing for; Continue first sends to a missing seat. */
function useSeatSelection({ flights, passengers, choices, onContinue }: SeatSelectionProps) {
  const [activeSegmentId, setActiveSegmentId] = useState(() => flights[0]?.map.segment_id ?? '');
  const [activePassengerId, setActivePassengerId] = useState(() => passengers[0]?.id ?? '');
  const maps = useMemo(() => flights.map((flight) => flight.map), [flights]);
  const active = flights.find((flight) => flight.map.segment_id === activeSegmentId) ?? flights[0];
  const byId = useMemo(() => new Map(passengers.map((p) => [p.id, p])), [passengers]);

  /** Another flight, starting with the first traveller still without a seat on it. */
  const showFlight = (id: string) => {
    setActiveSegmentId(id);
    const seated = choices[id] ?? {};
    const waiting = passengers.find((p) => seated[p.id] === undefined) ?? passengers[0];
    if (waiting) setActivePassengerId(waiting.id);
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

  return {
    active,
    byId,
    activePassengerId,
    setActivePassengerId,
    showFlight,
    continueToPayment,
  };
}

/** The seats held on a flight, by designator: whose each one is. */
function seatHolders(
  chosen: Readonly<Record<string, string>>,
  byId: ReadonlyMap<string, SeatedPassenger>,
) {
  const holders = new Map<string, SeatHolder>();
  for (const [passengerId, designator] of Object.entries(chosen)) {
    const passenger = byId.get(passengerId);
    if (passenger)
      holders.set(designator, { passengerId, number: passenger.number, name: passenger.name });
  }
  return holders;
}

function SeatSelection(props: SeatSelectionProps) {
  const { offer, passengers, choices, seatProblem, seatRestriction, onChoose, flights } = props;
  const selection = useSeatSelection(props);
  const { active, byId, activePassengerId, setActivePassengerId, showFlight } = selection;

  if (!active) return null;
  const segmentId = active.map.segment_id;
  const chosen = choices[segmentId] ?? {};

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

      <SeatFlightsNav
        offer={offer}
        flights={flights}
        passengerIds={passengers.map((p) => p.id)}
        choices={choices}
        segmentId={segmentId}
        onShowFlight={showFlight}
      />

      <SeatFlightPanel
        offer={offer}
        flights={flights}
        active={active}
        passengers={passengers}
        chosen={chosen}
        holders={seatHolders(chosen, byId)}
        activePassengerId={activePassengerId}
        onPassengerChange={setActivePassengerId}
        onSeat={choose}
        restriction={(seat) => seatRestriction(activePassengerId, segmentId, seat)}
        onShowFlight={showFlight}
      />

      {props.bags}

      <SeatStepActions
        offerProblem={props.offerProblem}
        onSkip={props.onSkip}
        onContinue={selection.continueToPayment}
      />
    </div>
  );
}

interface SeatStepActionsProps {
  offerProblem: OfferProblem | null;
  onSkip: () => void;
  onContinue: () => void;
}

/** Skip the seats, or go on to payment; neither once the offer has expired. */
function SeatStepActions({ offerProblem, onSkip, onContinue }: SeatStepActionsProps) {
  return (
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
      <Button type="button" size="lg" disabled={offerProblem !== null} onClick={onContinue}>
        {offerProblem ? checkoutTexts.offerExpiredButton : checkoutTexts.continueToPayment}
        {offerProblem ? null : <ArrowRightIcon aria-hidden="true" />}
      </Button>
    </div>
  );
}
