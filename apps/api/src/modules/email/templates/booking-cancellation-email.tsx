import type { Brand } from '@contrail/contracts/brands';
import { tripMessages } from '@contrail/contracts/bookings';
import { Heading, Section, Text } from '@react-email/components';
import { cardEnding } from './email-format';
import { EmailButton, EmailLayout, heading, paragraph } from './email-layout';

export interface BookingCancellationEmailProps {
  brand: Brand;
  bookingReference: string;
  /** "London (LHR) to New York (JFK), New York (JFK) to London (LHR)". */
  route: string;
  /**
   * The card refund, formatted ("$812.00"); null while the airline has not said what it refunds.
   */
  refund: string | null;
  /** Credits the airline gave instead of money, each described in full. */
  credits: string[];
  /** The card payment is disputed: the cardholder's bank refunds it, not the agency. */
  disputed?: boolean;
  /** A later e-mail: the refund the airline has now stated (or the card refund now made). */
  update: boolean;
  card: { brand: string; last4: string } | null;
  /** The retrieve-booking page for this booking, when the address it is read at is known. */
  manageUrl: string | null;
}

/** What the traveller gets back: money to the card, airline credits, or word that it is coming. */
function RefundLines({
  refund,
  credits,
  card,
  disputed = false,
}: Pick<BookingCancellationEmailProps, 'refund' | 'credits' | 'card' | 'disputed'>) {
  if (disputed) return <Text style={paragraph}>{tripMessages.cancelledInDispute}</Text>;
  const toCard = `to the card you paid with${card ? ` (${cardEnding(card)})` : ''}`;
  if (credits.length > 0) {
    return (
      <>
        <Text style={paragraph}>
          The airline refunds this booking as airline credits, not to your card:
        </Text>
        {credits.map((credit) => (
          <Text key={credit} style={paragraph}>
            <strong>{credit}</strong>
          </Text>
        ))}
        <Text style={paragraph}>
          Spend them with the airline when you book; their conditions are the airline’s.
        </Text>
      </>
    );
  }
  if (refund === null) {
    return (
      <Text style={paragraph}>
        {'Refund: '}
        <strong>{`${tripMessages.refundUnknown}.`}</strong>
        {` We will e-mail you as soon as it does, and refund it ${toCard}.`}
      </Text>
    );
  }
  return (
    <Text style={paragraph}>
      {'Refund: '}
      <strong>{refund}</strong>
      {` ${toCard}.`}
    </Text>
  );
}

export function BookingCancellationEmail({
  brand,
  bookingReference,
  route,
  refund,
  credits,
  disputed,
  update,
  card,
  manageUrl,
}: BookingCancellationEmailProps) {
  return (
    <EmailLayout
      brand={brand}
      preview={
        update
          ? `The refund for booking ${bookingReference}`
          : `Booking ${bookingReference} has been cancelled`
      }
    >
      <Heading as="h1" style={heading}>
        {update ? 'The refund for your cancelled booking' : 'Your booking has been cancelled'}
      </Heading>
      <Text style={paragraph}>
        {'Booking reference '}
        <strong>{bookingReference}</strong>
        {` · ${route}`}
      </Text>
      <RefundLines refund={refund} credits={credits} card={card} disputed={disputed} />
      <Text style={paragraph}>
        We start the refund with the airline within 24-48 hours; the airline takes 7 to 30 business
        days. Service fees are non-refundable.
      </Text>
      {manageUrl ? (
        <Section style={{ paddingTop: '4px' }}>
          <EmailButton brand={brand} href={manageUrl}>
            View your booking
          </EmailButton>
        </Section>
      ) : null}
    </EmailLayout>
  );
}
