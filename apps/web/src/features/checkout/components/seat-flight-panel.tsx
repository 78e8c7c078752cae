import type { Offer } from '@contrail/contracts/offers';
import { ArrowRightIcon, InfoIcon } from 'lucide-react';
import { useMemo } from 'react';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { RadioGroup, RadioGroupPill } from '../../../components/ui/radio-group';
import { cn } from '../../../lib/cn';
import { formatWeekdayDate } from '../../../lib/flight-formatters';
import { sliceLabel } from '../../../lib/journey';
import { checkoutTexts } from '../lib/checkout-texts';
import { seatsByDesignator, type SeatCell } from '../lib/seat-map';
import { segmentRoute } from '../lib/trip';
import type { SeatFlight } from './seat-flights-nav';
import { SeatMapView, seatStyles, type SeatHolder } from './seat-map-view';

export interface SeatedPassenger {
  id: string;
  /** 1-based, as numbered on the passenger step. */
  number: number;
  name: string;
}

interface SeatFlightPanelProps {
  offer: Offer;
  flights: readonly SeatFlight[];
  /** The flight shown. */
  active: SeatFlight;
  passengers: readonly SeatedPassenger[];
  /** The seats chosen on this flight: passenger id to seat. */
  chosen: Readonly<Record<string, string>>;
  /** The seats held on this flight, by designator. */
  holders: ReadonlyMap<string, SeatHolder>;
  activePassengerId: string;
  onPassengerChange: (passengerId: string) => void;
  onSeat: (seat: SeatCell) => void;
  restriction: (seat: SeatCell) => string | null;
  onShowFlight: (segmentId: string) => void;
}

/** One flight's map: whose seat is being chosen, the legend, the seats and their notices. */
export function SeatFlightPanel(props: SeatFlightPanelProps) {
  const { offer, flights, active, passengers, chosen } = props;
  const seats = useMemo(() => seatsByDesignator(active.map), [active]);
  const flightLabel = `${active.segment.flight_number}, ${segmentRoute(active.segment)}`;
  const nextFlight = flights[flights.indexOf(active) + 1];
  const segmentComplete = passengers.every((p) => chosen[p.id] !== undefined);
  const disclosures = [
    ...new Set(
      Object.values(chosen).flatMap((designator) => seats.get(designator)?.disclosures ?? []),
    ),
  ];

  return (
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
      <SeatPassengerChoice
        passengers={passengers}
        chosen={chosen}
        value={props.activePassengerId}
        onValueChange={props.onPassengerChange}
      />
      <SeatLegend />
      <SeatMapView
        map={active.map}
        flightLabel={flightLabel}
        activePassengerId={props.activePassengerId}
        holders={props.holders}
        onSeat={props.onSeat}
        restriction={props.restriction}
      />
      <ExitRowNotice disclosures={disclosures} />
      {segmentComplete && nextFlight ? (
        <div className="flex justify-end">
          <Button
            type="button"
            variant="secondary"
            onClick={() => props.onShowFlight(nextFlight.map.segment_id)}
          >
            {checkoutTexts.nextFlight}: {segmentRoute(nextFlight.segment)}
            <ArrowRightIcon aria-hidden="true" />
          </Button>
        </div>
      ) : null}
    </section>
  );
}

interface SeatPassengerChoiceProps {
  passengers: readonly SeatedPassenger[];
  chosen: Readonly<Record<string, string>>;
  value: string;
  onValueChange: (passengerId: string) => void;
}

/** The passenger the next seat is for, each with the seat they have on this flight. */
function SeatPassengerChoice({
  passengers,
  chosen,
  value,
  onValueChange,
}: SeatPassengerChoiceProps) {
  return (
    <div className="grid gap-2">
      <p id="seat-passenger-label" className="text-sm font-medium">
        {checkoutTexts.seatFor}
      </p>
      <RadioGroup
        aria-labelledby="seat-passenger-label"
        value={value}
        onValueChange={onValueChange}
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
  );
}

function SeatLegend() {
  return (
    <ul aria-label="Legend" className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
      <LegendItem className={seatStyles.available} label={checkoutTexts.legendAvailable} />
      <LegendItem className={seatStyles.held} label={checkoutTexts.legendSelected} />
      <LegendItem className={seatStyles.unavailable} label={checkoutTexts.legendUnavailable} />
    </ul>
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

/** What the airline asks of those seated in an exit row, once such a seat is chosen. */
function ExitRowNotice({ disclosures }: { disclosures: readonly string[] }) {
  if (disclosures.length === 0) return null;
  return (
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
  );
}
