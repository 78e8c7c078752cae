import type { Brand } from '@contrail/contracts/brands';
import type { Place, Segment, Slice } from '@contrail/contracts/offers';
import { Column, Heading, Link, Row, Section, Text } from '@react-email/components';
import { cardEnding, dayShift, localDate, localTime, sliceLabel } from './email-format';
import { EmailButton, EmailLayout, emailColours, heading, paragraph } from './email-layout';

/** "London (LHR)" or "Heathrow (LHR)": one text run (React would split it with comments). */
const place = (at: Place, by: 'city' | 'airport') =>
  `${by === 'city' ? at.city_name : at.name} (${at.iata_code})`;

/** A passenger as the e-mail names them: "Ada Lovelace", and "Adult" or "Infant on an adult’s lap". */
interface EmailPassenger {
  id?: string | undefined;
  name: string;
  kind: string;
  /** A lap infant: no seat of their own on any flight. */
  onLap: boolean;
}

export interface BookingConfirmationEmailProps {
  brand: Brand;
  bookingReference: string;
  bookingId: string;
  slices: Slice[];
  passengers: EmailPassenger[];
  /** The seats the airline confirmed, per passenger and flight. */
  seats: readonly { passengerId: string; segmentId: string; designator: string }[];
  /** The fare's rules ("Refundable (fee $50.00)", "No changes allowed"); none when unknown. */
  conditions: readonly string[];
  /** What the total is made of, formatted: the flights, then seats and bags where bought. */
  breakdown: readonly { label: string; amount: string }[];
  /** One line per extra bag bought ("Ada Lovelace: 1 extra checked bag, London to Paris, $35.00"). */
  bags: string[];
  /** The amount charged, formatted ("$1,234.00"). */
  totalPaid: string;
  card: { brand: string; last4: string } | null;
  /** The retrieve-booking page, already filled in with reference and e-mail. */
  manageUrl: string;
  /**
   * Booked as a guest: a separate e-mail says how to see the trip in an account. This message is
   * also the checkout's answer, so it says the same whether or not the address has an account.
   */
  guest: boolean;
}

export function BookingConfirmationEmail(props: BookingConfirmationEmailProps) {
  const { brand, bookingReference, bookingId, slices, manageUrl, guest } = props;
  const colours = emailColours(brand);
  const label = { fontSize: '13px', color: colours.mutedText, margin: '0 0 4px' };
  return (
    <EmailLayout
      brand={brand}
      preview={`Booking reference ${bookingReference}: ${slices
        .map((slice) => `${slice.origin.iata_code} to ${slice.destination.iata_code}`)
        .join(', ')}`}
    >
      <Heading as="h1" style={heading}>
        Your booking is confirmed
      </Heading>
      <Text style={label}>Booking reference</Text>
      <Text style={{ margin: '0 0 20px', fontSize: '26px', fontWeight: 700, letterSpacing: '3px' }}>
        {bookingReference}
      </Text>

      <Flights {...props} />
      <Text style={{ ...label, margin: '0 0 16px' }}>All times are local to each airport.</Text>
      <FareConditions {...props} />

      <PassengersAndTotal {...props} />

      <Section style={{ padding: '8px 0 4px' }}>
        <EmailButton brand={brand} href={manageUrl}>
          Manage your booking
        </EmailButton>
      </Section>
      <Text style={{ ...label, margin: '8px 0 0' }}>
        {'Or open '}
        <Link href={manageUrl}>{manageUrl}</Link>
      </Text>

      {guest ? (
        <Text style={{ ...paragraph, marginTop: '20px' }}>
          We have sent you a separate e-mail about seeing this trip, and your next ones, in an
          account.
        </Text>
      ) : null}
      <Text style={{ ...label, marginTop: '16px' }}>{`Booking ID ${bookingId}`}</Text>
    </EmailLayout>
  );
}

/** "Heathrow (LHR), Terminal 5": the airport, and its terminal when the airline names one. */
const airportAt = (at: Place, terminal: string | null) =>
  `${place(at, 'airport')}${terminal ? `, Terminal ${terminal}` : ''}`;

/** "1 checked bag, 1 carry-on bag included", or that no checked bag is. */
function allowance(baggages: Segment['baggages']): string {
  const count = (type: 'checked' | 'carry_on') =>
    baggages.filter((b) => b.type === type).reduce((sum, b) => sum + b.quantity, 0);
  const checked = count('checked');
  const carryOn = count('carry_on');
  const parts = [
    checked > 0 ? `${String(checked)} checked bag${checked === 1 ? '' : 's'}` : null,
    carryOn > 0 ? `${String(carryOn)} carry-on bag${carryOn === 1 ? '' : 's'}` : null,
  ].filter((part) => part !== null);
  return parts.length > 0 ? `Included: ${parts.join(', ')}` : 'Included: no checked bag';
}

/** "Seats: Ada Lovelace 23A, Ida Lovelace on an adult’s lap, Charles Babbage at check-in". */
function seatLine(
  segment: Segment,
  passengers: EmailPassenger[],
  seats: BookingConfirmationEmailProps['seats'],
): string {
  const each = passengers.map((passenger) => {
    if (passenger.onLap) return `${passenger.name} on an adult’s lap`;
    const seat = seats.find((s) => s.passengerId === passenger.id && s.segmentId === segment.id);
    return `${passenger.name} ${seat ? seat.designator : 'at check-in'}`;
  });
  return `Seats: ${each.join(', ')}`;
}

/** One flight: date and number, times with airports and terminals, cabin, bags and seats. */
function FlightLines({
  slice,
  segment,
  passengers,
  seats,
}: {
  slice: Slice;
  segment: Segment;
  passengers: EmailPassenger[];
  seats: BookingConfirmationEmailProps['seats'];
}) {
  const cabin = [segment.cabin_class_marketing_name, slice.fare_brand_name, segment.aircraft?.name]
    .filter((part) => part)
    .join(' · ');
  const operated =
    segment.operating_carrier.iata_code === segment.airline.iata_code
      ? ''
      : ` (operated by ${segment.operating_carrier.name})`;
  return (
    <Text style={{ ...paragraph, margin: '0 0 10px' }}>
      {`${localDate(segment.departing_at)} · ${segment.airline.name} ${segment.flight_number}${operated}`}
      <br />
      {`${localTime(segment.departing_at)} ${airportAt(segment.origin, segment.origin_terminal)} → ${localTime(segment.arriving_at)}${dayShift(segment.departing_at, segment.arriving_at)} ${airportAt(segment.destination, segment.destination_terminal)}`}
      <br />
      {cabin}
      <br />
      {allowance(segment.baggages)}
      <br />
      {seatLine(segment, passengers, seats)}
    </Text>
  );
}

/** Each slice with its flights, in local times. */
function Flights({
  brand,
  slices,
  passengers,
  seats,
}: Pick<BookingConfirmationEmailProps, 'brand' | 'slices' | 'passengers' | 'seats'>) {
  const colours = emailColours(brand);
  return (
    <>
      {slices.map((slice, index) => (
        <Section
          key={slice.id}
          style={{ borderTop: `1px solid ${colours.border}`, padding: '12px 0' }}
        >
          <Text style={{ ...paragraph, fontWeight: 700, margin: '0 0 6px' }}>
            {`${sliceLabel(index, slices)}: ${place(slice.origin, 'city')} to ${place(slice.destination, 'city')}`}
          </Text>
          {slice.segments.map((segment) => (
            <Row key={segment.id}>
              <Column>
                <FlightLines
                  slice={slice}
                  segment={segment}
                  passengers={passengers}
                  seats={seats}
                />
              </Column>
            </Row>
          ))}
        </Section>
      ))}
    </>
  );
}

/** The fare's refund and change rules, with their fees, when they are known. */
function FareConditions({
  brand,
  conditions,
}: Pick<BookingConfirmationEmailProps, 'brand' | 'conditions'>) {
  if (conditions.length === 0) return null;
  const colours = emailColours(brand);
  return (
    <Section style={{ borderTop: `1px solid ${colours.border}`, paddingTop: '12px' }}>
      <Text style={{ fontSize: '13px', color: colours.mutedText, margin: '0 0 4px' }}>
        Fare conditions
      </Text>
      <Text style={paragraph}>
        {conditions.map((line, i) => (
          <span key={line}>
            {i > 0 ? <br /> : null}
            {line}
          </span>
        ))}
      </Text>
    </Section>
  );
}

/** The passengers, the extra bags bought and the amount paid. */
function PassengersAndTotal({
  brand,
  passengers,
  bags,
  totalPaid,
  card,
  breakdown,
}: Pick<
  BookingConfirmationEmailProps,
  'brand' | 'passengers' | 'bags' | 'totalPaid' | 'card' | 'breakdown'
>) {
  const colours = emailColours(brand);
  const label = { fontSize: '13px', color: colours.mutedText, margin: '0 0 4px' };
  return (
    <Section style={{ borderTop: `1px solid ${colours.border}`, paddingTop: '12px' }}>
      <Text style={label}>Passengers</Text>
      <Text style={paragraph}>
        {passengers.map((p, i) => (
          <span key={`${p.name}-${String(i)}`}>
            {i > 0 ? <br /> : null}
            {`${p.name} · ${p.kind}`}
          </span>
        ))}
      </Text>
      {bags.length > 0 ? (
        <>
          <Text style={label}>Extra bags</Text>
          <Text style={paragraph}>
            {bags.map((line, i) => (
              <span key={line}>
                {i > 0 ? <br /> : null}
                {line}
              </span>
            ))}
          </Text>
        </>
      ) : null}
      {breakdown.length > 1 ? (
        <>
          <Text style={label}>Price</Text>
          <Text style={paragraph}>
            {breakdown.map((line, i) => (
              <span key={line.label}>
                {i > 0 ? <br /> : null}
                {`${line.label}: ${line.amount}`}
              </span>
            ))}
          </Text>
        </>
      ) : null}
      <Text style={label}>Total paid</Text>
      <Text style={paragraph}>
        <strong>{totalPaid}</strong>
        {card ? ` (${cardEnding(card)})` : ''}
      </Text>
    </Section>
  );
}
