import type { FaqCategory } from './faq-data';
import { matchesWords, queryWords } from './faq-search';

/** Where a help topic leads: a page, or a category of the FAQ (`/faq#payment`). */
type HelpTopicLink =
  | { to: '/faq'; hash: FaqCategory }
  | { to: '/manage-booking' | '/my-trips' | '/cancellation-policy' | '/contact' };

export type HelpTopicIcon =
  | 'booking'
  | 'payment'
  | 'cancellations'
  | 'changes'
  | 'travel'
  | 'account'
  | 'find-booking'
  | 'trips'
  | 'policy'
  | 'contact';

export interface HelpTopic {
  id: string;
  title: string;
  description: string;
  /** Other words a traveller may search with. */
  keywords: readonly string[];
  icon: HelpTopicIcon;
  link: HelpTopicLink;
}

/** The support page's popular help topics, each a real destination. */
export const HELP_TOPICS: readonly HelpTopic[] = [
  {
    id: 'booking',
    title: 'Booking a flight',
    description: 'Booking ahead, booking as a guest, children and infants, your confirmation.',
    keywords: ['reservation', 'ticket', 'guest', 'infant', 'child', 'reference', 'price'],
    icon: 'booking',
    link: { to: '/faq', hash: 'booking' },
  },
  {
    id: 'payment',
    title: 'Payments and prices',
    description: 'Accepted cards, when you are charged, taxes and fees.',
    keywords: ['card', 'charge', 'credit', 'debit', 'visa', 'mastercard', 'tax', 'fee', 'cost'],
    icon: 'payment',
    link: { to: '/faq', hash: 'payment' },
  },
  {
    id: 'cancellations',
    title: 'Cancellations and refunds',
    description: 'How to cancel, what you get back and how long refunds take.',
    keywords: ['cancel', 'refund', 'money back', 'missed flight'],
    icon: 'cancellations',
    link: { to: '/faq', hash: 'cancellations' },
  },
  {
    id: 'changes',
    title: 'Changing a booking',
    description: 'New dates or flights, name corrections, seats and schedule changes.',
    keywords: ['change', 'date', 'name', 'seat', 'reschedule', 'delay'],
    icon: 'changes',
    link: { to: '/faq', hash: 'changes' },
  },
  {
    id: 'travel',
    title: 'At the airport',
    description: 'When to arrive, online check-in, passports and baggage.',
    keywords: ['check-in', 'passport', 'visa', 'baggage', 'luggage', 'bag', 'connection'],
    icon: 'travel',
    link: { to: '/faq', hash: 'travel' },
  },
  {
    id: 'account',
    title: 'Your account',
    description: 'Signing up, signing in, passwords and deleting your account.',
    keywords: ['login', 'sign in', 'password', 'register', 'profile', 'delete'],
    icon: 'account',
    link: { to: '/faq', hash: 'account' },
  },
  {
    id: 'find-booking',
    title: 'Find a booking',
    description: 'Look up a booking with its reference and email address, no sign-in needed.',
    keywords: ['manage', 'retrieve', 'lookup', 'reference', 'guest', 'itinerary'],
    icon: 'find-booking',
    link: { to: '/manage-booking' },
  },
  {
    id: 'my-trips',
    title: 'My Trips',
    description: 'See your upcoming and past trips, or cancel a booking.',
    keywords: ['bookings', 'upcoming', 'past', 'cancel', 'itinerary'],
    icon: 'trips',
    link: { to: '/my-trips' },
  },
  {
    id: 'cancellation-policy',
    title: 'Cancellation policy',
    description: 'Refund timelines, fees and how cancellations are handled.',
    keywords: ['refund', 'cancel', 'fee', 'policy', 'business days'],
    icon: 'policy',
    link: { to: '/cancellation-policy' },
  },
  {
    id: 'contact',
    title: 'Contact us',
    description: 'Send our team a message or call us. We reply within 24 hours.',
    keywords: ['email', 'phone', 'call', 'help', 'support', 'message', 'complaint'],
    icon: 'contact',
    link: { to: '/contact' },
  },
];

/**
 * The topics matching a query, by the help search rule (see faq-search.ts) over title,
 * description and keywords; every topic when the query has no words.
 */
export function filterHelpTopics(topics: readonly HelpTopic[], query: string): HelpTopic[] {
  const words = queryWords(query);
  if (words.length === 0) return [...topics];
  return topics.filter((topic) =>
    matchesWords(words, topic.title, topic.description, topic.keywords.join(' ')),
  );
}
