import type { Brand } from '@contrail/contracts/brands';
import { Heading, Section, Text } from '@react-email/components';
import { cardEnding } from './email-format';
import { EmailButton, EmailLayout, heading, paragraph } from './email-layout';

export interface BookingCancellationEmailProps {
  brand: Brand;
  bookingReference: string;
  /** "London (LHR) to New York (JFK), New York (JFK) to London (LHR)". */
  route: string;
  /** The refund, formatted ("$812.00"). */
  refund: string;
  card: { brand: string; last4: string } | null;
  /** The retrieve-booking page for this booking, when the address it is read at is known. */
  manageUrl: string | null;
}

export function BookingCancellationEmail({
  brand,
  bookingReference,
  route,
  refund,
  card,
  manageUrl,
}: BookingCancellationEmailProps) {
  return (
    <EmailLayout brand={brand} preview={`Booking ${bookingReference} has been cancelled`}>
      <Heading as="h1" style={heading}>
        Your booking has been cancelled
      </Heading>
      <Text style={paragraph}>
        {'Booking reference '}
        <strong>{bookingReference}</strong>
        {` · ${route}`}
      </Text>
      <Text style={paragraph}>
        {'Refund: '}
        <strong>{refund}</strong>
        {` to the card you paid with${card ? ` (${cardEnding(card)})` : ''}.`}
      </Text>
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
