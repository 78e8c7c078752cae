import {
  ArmchairIcon,
  CalendarCheckIcon,
  HeadsetIcon,
  ReceiptIcon,
  ShieldCheckIcon,
  TicketCheckIcon,
  type LucideIcon,
} from 'lucide-react';

/** The partner page's wait-time claim, word for word. */
export const WAIT_TIME = 'less than 30 seconds';

/** The partner airline list. */
export const partnerAirlines: readonly { name: string; iataCode: string }[] = [
  { name: 'Delta Air Lines', iataCode: 'DL' },
  { name: 'United Airlines', iataCode: 'UA' },
  { name: 'American Airlines', iataCode: 'AA' },
  { name: 'Southwest Airlines', iataCode: 'WN' },
  { name: 'Air Canada', iataCode: 'AC' },
  { name: 'JetBlue', iataCode: 'B6' },
];

export interface PartnerFeature {
  title: string;
  description: string;
  icon: LucideIcon;
}

/** The six feature cards: each one something the product really does. */
export const partnerFeatures: readonly PartnerFeature[] = [
  {
    title: 'Real-Time Fares',
    description:
      'Fares come straight from the airlines. Taxes and fees are included, so the price you see is the price you pay.',
    icon: ReceiptIcon,
  },
  {
    title: 'Secure Payment',
    description:
      'Your card is charged only once the airline confirms your booking, and we never store your full card number.',
    icon: ShieldCheckIcon,
  },
  {
    title: 'Instant Confirmation',
    description:
      'Your airline booking reference appears as soon as you book, and a confirmation e-mail follows.',
    icon: TicketCheckIcon,
  },
  {
    title: 'Choose Your Seats',
    description: "Pick a seat for every traveller from the aircraft's seat map before you pay.",
    icon: ArmchairIcon,
  },
  {
    title: 'Manage Your Trip Online',
    description:
      'See every booking in My Trips, check your refund before you cancel, and cancel online.',
    icon: CalendarCheckIcon,
  },
  {
    title: 'Travel Experts 24/7',
    description:
      'Group trips, complex itineraries or last-minute questions: our experts help by phone, day and night.',
    icon: HeadsetIcon,
  },
];

export interface Promotion {
  badge: string;
  title: string;
  description: string;
  conditions: string;
}

/**
 * The three promotions. The spec claims savings of up to 25%; these say where such savings come
 * from (how airlines price their fares), not a discount code that does not exist.
 */
export const promotions: readonly Promotion[] = [
  {
    badge: 'Save up to 25%',
    title: 'Book ahead and save',
    description:
      'Fares booked three weeks or more before departure are often up to 25% lower than the same flights booked in the last two weeks.',
    conditions:
      'Compared with the fare for the same flight and cabin booked 7 to 13 days before departure. Savings vary by airline, route and date.',
  },
  {
    badge: 'Midweek fares',
    title: 'Fly on a Tuesday or Wednesday',
    description:
      'Midweek departures are often cheaper than Fridays and Sundays. The date strip on the results page shows the cheapest fares three days either side of your dates.',
    conditions: 'Midweek fares are not lower on every route; compare before you book.',
  },
  {
    badge: 'Family travel',
    title: 'Bring the whole family',
    description:
      'Children aged 2 to 11 and infants under 2 usually travel for less than adults. Add everyone to one search to see the total for your family, taxes included.',
    conditions:
      "Child and infant fares are set by each airline. Infants under 2 travel on an adult's lap, one infant per adult.",
  },
];

export const PROMOTIONS_NOTE =
  'Offers describe how airline fares usually vary; they are not discount codes. Fares are set by the airlines, change with availability and are confirmed only when you book.';
