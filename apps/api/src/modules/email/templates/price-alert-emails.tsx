import type { Brand } from '@contrail/contracts/brands';
import { Heading, Link, Section, Text } from '@react-email/components';
import { EmailButton, EmailLayout, heading, paragraph } from './email-layout';

/** The tracked trip in words: "LHR to JFK, departing 2026-12-20, returning 2026-12-27". */
export interface AlertTrip {
  origin: string;
  destination: string;
  departureDate: string;
  returnDate: string | null;
}

function tripLine({ origin, destination, departureDate, returnDate }: AlertTrip): string {
  return `${origin} to ${destination}, departing ${departureDate}${
    returnDate ? `, returning ${returnDate}` : ''
  }`;
}

export interface AlertConfirmationEmailProps {
  brand: Brand;
  trip: AlertTrip;
  confirmUrl: string;
  validHours: number;
}

/** A guest's alert starts only once its address has confirmed it. */
export function AlertConfirmationEmail({
  brand,
  trip,
  confirmUrl,
  validHours,
}: AlertConfirmationEmailProps) {
  return (
    <EmailLayout brand={brand} preview={`Confirm your ${brand.name} price alert`}>
      <Heading as="h1" style={heading}>
        Confirm your price alert
      </Heading>
      <Text style={paragraph}>
        {`Someone asked ${brand.name} to e-mail this address when the price drops for `}
        <strong>{tripLine(trip)}</strong>.
      </Text>
      <Section style={{ padding: '4px 0 12px' }}>
        <EmailButton brand={brand} href={confirmUrl}>
          Start my price alert
        </EmailButton>
      </Section>
      <Text style={paragraph}>
        {`The link works once and expires in ${String(validHours)} hours. Or open `}
        <Link href={confirmUrl}>{confirmUrl}</Link>
      </Text>
      <Text style={paragraph}>
        If you did not ask for this, ignore this e-mail: no alert starts and we will not write
        again.
      </Text>
    </EmailLayout>
  );
}

export interface PriceDropEmailProps {
  brand: Brand;
  trip: AlertTrip;
  /** Formatted prices: now, and the one last e-mailed (or first seen). */
  price: string;
  previousPrice: string;
  searchUrl: string;
  unsubscribeUrl: string;
}

export function PriceDropEmail({
  brand,
  trip,
  price,
  previousPrice,
  searchUrl,
  unsubscribeUrl,
}: PriceDropEmailProps) {
  return (
    <EmailLayout
      brand={brand}
      preview={`Price drop: ${trip.origin} to ${trip.destination} now ${price}`}
    >
      <Heading as="h1" style={heading}>
        The price has dropped
      </Heading>
      <Text style={paragraph}>
        <strong>{tripLine(trip)}</strong>
        {` now starts at ${price} (it was ${previousPrice}).`}
      </Text>
      <Section style={{ padding: '4px 0 12px' }}>
        <EmailButton brand={brand} href={searchUrl}>
          See the flights
        </EmailButton>
      </Section>
      <Text style={paragraph}>Prices change often and are confirmed only when you book.</Text>
      <Text style={paragraph}>
        {'You get this e-mail because you set a price alert. '}
        <Link href={unsubscribeUrl}>Stop this price alert</Link>
      </Text>
    </EmailLayout>
  );
}
