import type { Brand } from '@contrail/contracts/brands';
import type { Place, Slice } from '@contrail/contracts/offers';
import { Column, Heading, Link, Row, Section, Text } from '@react-email/components';
import { cardEnding, dayShift, localDate, localTime, sliceLabel } from './email-format';
import { EmailButton, EmailLayout, emailColours, heading, paragraph } from './email-layout';

/** "London (LHR)" or "Heathrow (LHR)": one text run (React would split it with comments). */
const place = (at: Place, by: 'city' | 'airport') =>
  `${by === 'city' ? at.city_name : at.name} (${at.iata_code})`;

export interface BookingConfirmationEmailProps {
  brand: Brand;
  bookingReference: string;
  bookingId: string;
  slices: Slice[];
  passengers: { firstName: string; lastName: string }[];
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

export function BookingConfirmationEmail({
  brand,
  bookingReference,
  bookingId,
  slices,
  passengers,
  bags,
  totalPaid,
  card,
  manageUrl,
  guest,
}: BookingConfirmationEmailProps) {
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

      <Flights brand={brand} slices={slices} />
      <Text style={{ ...label, margin: '0 0 16px' }}>All times are local to each airport.</Text>

      <PassengersAndTotal
        brand={brand}
        passengers={passengers}
        bags={bags}
        totalPaid={totalPaid}
        card={card}
      />

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

/** Each slice with its flights, in local times. */
function Flights({ brand, slices }: Pick<BookingConfirmationEmailProps, 'brand' | 'slices'>) {
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
                <Text style={{ ...paragraph, margin: '0 0 6px' }}>
                  {`${localDate(segment.departing_at)} · ${segment.airline.name} ${segment.flight_number}`}
                  <br />
                  {`${localTime(segment.departing_at)} ${place(segment.origin, 'airport')} → ${localTime(segment.arriving_at)}${dayShift(segment.departing_at, segment.arriving_at)} ${place(segment.destination, 'airport')}`}
                </Text>
              </Column>
            </Row>
          ))}
        </Section>
      ))}
    </>
  );
}

/** The passengers, the extra bags bought and the amount paid. */
function PassengersAndTotal({
  brand,
  passengers,
  bags,
  totalPaid,
  card,
}: Pick<BookingConfirmationEmailProps, 'brand' | 'passengers' | 'bags' | 'totalPaid' | 'card'>) {
  const colours = emailColours(brand);
  const label = { fontSize: '13px', color: colours.mutedText, margin: '0 0 4px' };
  return (
    <Section style={{ borderTop: `1px solid ${colours.border}`, paddingTop: '12px' }}>
      <Text style={label}>Passengers</Text>
      <Text style={paragraph}>
        {passengers.map((p, i) => (
          <span key={`${p.firstName}-${p.lastName}-${String(i)}`}>
            {i > 0 ? <br /> : null}
            {`${p.firstName} ${p.lastName}`}
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
      <Text style={label}>Total paid</Text>
      <Text style={paragraph}>
        <strong>{totalPaid}</strong>
        {card ? ` (${cardEnding(card)})` : ''}
      </Text>
    </Section>
  );
}
