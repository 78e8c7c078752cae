import {
  AwardIcon,
  BadgePercentIcon,
  BellRingIcon,
  CreditCardIcon,
  HeadsetIcon,
  MapIcon,
  PlaneIcon,
  ShieldCheckIcon,
  TicketCheckIcon,
  UmbrellaIcon,
  type LucideIcon,
} from 'lucide-react';

export interface Feature {
  title: string;
  description: string;
  icon: LucideIcon;
}

/**
 * The home page's feature cards (secure booking, best prices, 24/7 support, flexible payment,
 * flight booking, travel insurance, travel planning, loyalty rewards, quick check-in, price
 * alerts). Each says only what the product does: no sold insurance, no loyalty scheme of our own.
 */
export const whyBookFeatures: readonly Feature[] = [
  {
    title: 'Secure Booking',
    description:
      'Your details travel over an encrypted connection, every booking is confirmed directly with the airline, and we never store your full card number.',
    icon: ShieldCheckIcon,
  },
  {
    title: 'Best Prices',
    description:
      'Compare fares from many airlines in one search and sort by price. Taxes and fees are included, so the price you see is the price you pay.',
    icon: BadgePercentIcon,
  },
  {
    title: '24/7 Support',
    description:
      'Our travel experts answer the phone day and night, every day of the year, and reply to e-mails within 24 hours.',
    icon: HeadsetIcon,
  },
  {
    title: 'Flexible Payment',
    description:
      'Pay by credit or debit card: Visa, Mastercard, American Express or Discover. Your card is charged only once the airline has confirmed your booking.',
    icon: CreditCardIcon,
  },
];

/** The card that holds the price-alert form. */
export const PRICE_ALERTS_TITLE = 'Price Alerts';

export const travelServices: readonly Feature[] = [
  {
    title: 'Flight Booking',
    description:
      'One-way, round-trip and multi-city flights in economy, premium economy, business and first. Compare offers side by side, pick your seats and book in a few steps.',
    icon: PlaneIcon,
  },
  {
    title: 'Travel Insurance',
    description:
      'We recommend insurance for every trip, covering cancellation, medical costs and lost baggage. Take it out when you book, so you are covered from day one.',
    icon: UmbrellaIcon,
  },
  {
    title: 'Travel Planning',
    description:
      'Group travel or a complex itinerary: call our travel experts and they will plan every leg of the journey with you.',
    icon: MapIcon,
  },
  {
    title: 'Loyalty Rewards',
    description:
      'Your tickets are issued by the airline, so eligible fares earn miles or points in its frequent flyer programme. Give your membership number to the airline when you check in.',
    icon: AwardIcon,
  },
  {
    title: 'Quick Check-in',
    description:
      'Your confirmation shows the airline booking reference, ready for online check-in, which most airlines open 24 to 48 hours before departure.',
    icon: TicketCheckIcon,
  },
  {
    title: PRICE_ALERTS_TITLE,
    description:
      'Track the price of your route and dates, and we will e-mail you when it drops. Stop an alert at any time from the e-mail or your account settings.',
    icon: BellRingIcon,
  },
];
