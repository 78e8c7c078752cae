/**
 * The FAQ: six categories of five questions. The facts are the product's published ones (refunds
 * 7-14 business days, card charged at booking, one payment method, passport 6 months, airport 2 h /
 * 3 h plus 30-60 min at peak, check-in 24-48 h, 11 months ahead; refund started within 24-48 hours,
 * up to 30 business days with some airlines, original payment method, service fees non-refundable)
 * and the product's own rules (guest accounts, password rules, offers held for 30 minutes, at most
 * one infant per adult).
 *
 * `{brand}` in a question or an answer stands for the brand's name (see `brandFaq`).
 */

export const FAQ_CATEGORIES = [
  'booking',
  'payment',
  'cancellations',
  'changes',
  'travel',
  'account',
] as const;
export type FaqCategory = (typeof FAQ_CATEGORIES)[number];

export const faqCategoryLabels: Record<FaqCategory, string> = {
  booking: 'Booking',
  payment: 'Payment',
  cancellations: 'Cancellations',
  changes: 'Changes',
  travel: 'Travel',
  account: 'Account',
};

export const faqCategoryDescriptions: Record<FaqCategory, string> = {
  booking: 'Finding and booking flights, booking as a guest, children and infants.',
  payment: 'Cards, when you are charged, prices, taxes and fees.',
  cancellations: 'Cancelling a booking, refunds and how long they take.',
  changes: 'Changing flights, names and seats, and airline schedule changes.',
  travel: 'Airport arrival, check-in, travel documents and baggage.',
  account: 'Your account, signing in, passwords and your data.',
};

/** Pages an answer points to; shown under the answer. */
interface FaqLink {
  label: string;
  to:
    | '/my-trips'
    | '/manage-booking'
    | '/cancellation-policy'
    | '/contact'
    | '/register'
    | '/login'
    | '/privacy-policy';
}

export interface FaqEntry {
  id: string;
  category: FaqCategory;
  question: string;
  answer: string;
  links?: readonly FaqLink[];
}

const myTrips: FaqLink = { label: 'Go to My Trips', to: '/my-trips' };
const manageBooking: FaqLink = { label: 'Find a booking', to: '/manage-booking' };
const cancellationPolicy: FaqLink = {
  label: 'Read the cancellation policy',
  to: '/cancellation-policy',
};
const contact: FaqLink = { label: 'Contact us', to: '/contact' };

export const FAQ_ENTRIES: readonly FaqEntry[] = [
  // Booking
  {
    id: 'booking-how-far-ahead',
    category: 'booking',
    question: 'How far in advance can I book a flight?',
    answer:
      'You can book flights up to 11 months before departure, which is as far ahead as airlines publish their schedules and fares. For the widest choice of fares and seats, book early, especially for school holidays and other peak dates.',
  },
  {
    id: 'booking-as-guest',
    category: 'booking',
    question: 'Do I need an account to book?',
    answer:
      "No, you can book as a guest. When you do, we create an account for you with the lead passenger's email address and show its username and a temporary password once, on the confirmation page. Sign in with them to manage the booking in My Trips; you will choose your own password the first time you sign in. If that email address already has an account, the booking is added to it.",
    links: [myTrips],
  },
  {
    id: 'booking-confirmation',
    category: 'booking',
    question: 'How do I know my booking is confirmed?',
    answer:
      "The confirmation page shows your booking reference: a 6-character code from the airline that you can also use on the airline's website and at the airport. The booking appears in My Trips as Confirmed. Keep the reference safe: with the lead passenger's email address it lets you find your booking at any time, even without signing in.",
    links: [manageBooking],
  },
  {
    id: 'booking-price-hold',
    category: 'booking',
    question: 'How long is the price I see guaranteed?',
    answer:
      'Fares change with demand, so a flight offer is held for about 30 minutes after your search. If it expires before you pay, search again to see the current price. We check the offer once more just before payment, and the total shown when you pay is exactly what your card is charged.',
  },
  {
    id: 'booking-children-infants',
    category: 'booking',
    question: 'Can I book flights for children and infants?',
    answer:
      "Yes. Add them in the passenger selector when you search: children are 2 to 11 years old and infants are under 2 on the day of travel. Each infant sits on an adult's lap, so you can book at most one infant per adult, and up to 9 passengers with a seat on one booking.",
  },

  // Payment
  {
    id: 'payment-methods',
    category: 'payment',
    question: 'Which payment methods do you accept?',
    answer:
      'We accept the major credit and debit cards, including Visa, Mastercard and American Express. You pay in the currency shown with the price, and your card issuer may add its own fee for payments in a foreign currency.',
  },
  {
    id: 'payment-when-charged',
    category: 'payment',
    question: 'When is my card charged?',
    answer:
      'Your card is charged immediately at booking, for the full price. We authorise the amount when you pay and take it as soon as the airline confirms your booking, usually within seconds. If the airline cannot confirm the booking, the authorisation is released and you are not charged.',
  },
  {
    id: 'payment-split',
    category: 'payment',
    question: 'Can I split the payment between two cards?',
    answer:
      'No. Each booking is paid in full with one payment method. If travellers want to pay separately, make a separate booking for each of them.',
  },
  {
    id: 'payment-taxes-fees',
    category: 'payment',
    question: 'Are taxes and fees included in the price?',
    answer:
      'Yes. The price shown is the total for all passengers, including taxes and airline charges; the price summary splits it into the base fare and taxes and fees. The only additions are extras you choose yourself, such as a paid seat, and they are added to the total before you pay.',
  },
  {
    id: 'payment-security',
    category: 'payment',
    question: 'Is it safe to pay by card with {brand}?',
    answer:
      'Yes. Your card details travel over an encrypted connection to our payment provider and are used only for this payment. We never store your full card number: we keep only the card type and its last four digits, so you can recognise the payment later.',
  },

  // Cancellations
  {
    id: 'cancellations-how',
    category: 'cancellations',
    question: 'How do I cancel my booking?',
    answer:
      "Sign in, open My Trips, find the booking under Upcoming and select Cancel. Before you confirm, we show the refund your fare's conditions allow, so you know exactly what you will get back. If you booked as a guest, sign in with the account created when you booked, or contact us with your booking reference.",
    links: [myTrips],
  },
  {
    id: 'cancellations-refund-amount',
    category: 'cancellations',
    question: 'Will I get a refund if I cancel?',
    answer:
      "It depends on your fare's conditions. Refundable fares are refunded, less any cancellation penalty the airline charges. Non-refundable fares return only the taxes and charges the airline gives back, and sometimes nothing. Our service fees are non-refundable. The refund amount is always shown before you confirm the cancellation.",
    links: [cancellationPolicy],
  },
  {
    id: 'cancellations-refund-time',
    category: 'cancellations',
    question: 'How long does a refund take?',
    answer:
      'We start your refund with the airline within 24-48 hours of your cancellation. Refunds take 7-14 business days to reach you and always go back to the original payment method. Some airlines take longer to process them, up to 30 business days.',
    links: [cancellationPolicy],
  },
  {
    id: 'cancellations-partial',
    category: 'cancellations',
    question: 'Can I cancel one passenger or one flight of my trip?',
    answer:
      'Cancelling online cancels the whole booking, for every passenger and flight. To cancel only part of it, such as one traveller or the return flight, contact us with your booking reference: whether it is possible and what it costs depends on the airline and your fare.',
    links: [contact],
  },
  {
    id: 'cancellations-missed-flight',
    category: 'cancellations',
    question: 'What happens if I miss my flight?',
    answer:
      "If you don't board a flight, the airline may cancel the rest of your trip, including the return flight, and the fare is usually not refunded. If you can't travel, cancel or contact us before departure: you may get back at least the taxes, and we can check whether your return flight can be kept.",
  },

  // Changes
  {
    id: 'changes-flight',
    category: 'changes',
    question: 'Can I change my flight after booking?',
    answer:
      "It depends on your fare. The flight's Fare Rules tab shows whether it is changeable: many fares allow changes for a fee, while basic fares often allow none. To change a flight, contact us with your booking reference and the dates or flights you would like. We confirm the cost before anything is changed.",
    links: [contact],
  },
  {
    id: 'changes-cost',
    category: 'changes',
    question: 'How much does it cost to change a flight?',
    answer:
      "You pay the airline's change fee set by your fare's conditions, plus the difference in fare if the new flight costs more. If it costs less, most airlines do not refund the difference. We tell you the exact amount and wait for your agreement before making the change.",
  },
  {
    id: 'changes-name',
    category: 'changes',
    question: 'Can I correct a name on my booking?',
    answer:
      'Names must match the passport or ID exactly. Small spelling corrections are usually possible, so contact us as soon as you notice a mistake. Airlines do not allow a ticket to be transferred to another person: the booking would have to be cancelled under its fare conditions and a new one made.',
    links: [contact],
  },
  {
    id: 'changes-seat',
    category: 'changes',
    question: 'Can I change my seat after booking?',
    answer:
      "Usually, yes. Airlines let you choose or change seats on their website with your booking reference, or during online check-in, which opens 24-48 hours before departure. Some seats cost extra, and a seat you paid for is subject to the airline's rules if you move.",
  },
  {
    id: 'changes-airline-schedule',
    category: 'changes',
    question: 'What if the airline changes or cancels my flight?',
    answer:
      "Airlines sometimes change their schedules. If your flight is cancelled or its times change significantly, you can usually choose another flight at no extra cost or cancel for a full refund, under the airline's rules and the passenger rights that apply to your journey. Contact us with your booking reference and we will go through the options with you.",
    links: [contact],
  },

  // Travel
  {
    id: 'travel-airport-arrival',
    category: 'travel',
    question: 'How early should I arrive at the airport?',
    answer:
      'Arrive at least 2 hours before departure for domestic flights and 3 hours before for international flights. At peak times, such as holidays, weekends and early mornings, allow an extra 30-60 minutes for check-in, bag drop and security.',
  },
  {
    id: 'travel-online-check-in',
    category: 'travel',
    question: 'When does online check-in open?',
    answer:
      "Online check-in opens 24-48 hours before departure, depending on the airline. Check in on the airline's website or app with your booking reference and last name; you can usually choose a seat there and get a mobile boarding pass.",
  },
  {
    id: 'travel-documents',
    category: 'travel',
    question: 'What travel documents do I need?',
    answer:
      'For international flights you need a passport valid for at least 6 months beyond your return date, plus any visa or travel authorisation your destination or transit countries require. The names on your booking must match your passport exactly. For domestic flights, a government-issued photo ID is usually enough.',
  },
  {
    id: 'travel-baggage',
    category: 'travel',
    question: 'How much baggage can I take?',
    answer:
      "It depends on the airline and your fare. The flight details show 'Baggage Included' when checked bags are part of the fare; basic fares often include only a small cabin bag or personal item. Check the airline's size and weight limits before you travel: extra bags are usually cheaper bought online than at the airport.",
  },
  {
    id: 'travel-missed-connection',
    category: 'travel',
    question: 'What if I miss a connecting flight?',
    answer:
      "When all your flights are on one booking and a delay makes you miss a connection, the airline rebooks you on the next available flight at no extra cost. Go to the airline's transfer desk at the airport. Every connection we sell leaves at least the airport's minimum connection time.",
  },

  // Account
  {
    id: 'account-create',
    category: 'account',
    question: 'How do I create an account?',
    answer:
      'Select Sign Up and enter your first and last name, your email address, a username and a password of at least 8 characters. You must be 18 or older. With an account, all your trips are in one place and you can cancel bookings online.',
    links: [{ label: 'Create an account', to: '/register' }],
  },
  {
    id: 'account-guest-booking',
    category: 'account',
    question: 'I booked as a guest. How do I see my booking?',
    answer:
      'We created an account for you when you booked. Sign in with the username and temporary password shown on your confirmation page, choose a new password, and your booking is in My Trips. You can also look a booking up without signing in, with its booking reference and email address.',
    links: [{ label: 'Sign in', to: '/login' }, manageBooking],
  },
  {
    id: 'account-change-password',
    category: 'account',
    question: 'How do I change my password?',
    answer:
      'Sign in, open Settings from the account menu and go to the Security tab. Enter your current password and a new one of at least 12 characters, with an uppercase letter, a lowercase letter, a number and a special character.',
  },
  {
    id: 'account-forgot-password',
    category: 'account',
    question: 'I forgot my password. What can I do?',
    answer:
      "Contact us from the email address of your account and we will help you back in once we have checked the account is yours. In the meantime you can still find any booking with its booking reference and the lead passenger's email address.",
    links: [contact, manageBooking],
  },
  {
    id: 'account-delete',
    category: 'account',
    question: 'How do I delete my account?',
    answer:
      'Send us a request from the email address of your account. We delete your account and personal data, except the booking and payment records we must keep by law, and confirm by email when it is done.',
    links: [contact, { label: 'Read the privacy policy', to: '/privacy-policy' }],
  },
];

/** The entries with `{brand}` replaced by the brand's name. */
export function brandFaq(entries: readonly FaqEntry[], brandName: string): FaqEntry[] {
  const fill = (text: string) => text.replaceAll('{brand}', brandName);
  return entries.map((entry) => ({
    ...entry,
    question: fill(entry.question),
    answer: fill(entry.answer),
  }));
}

/** The entries with these ids, in the order given (for teasers and popular questions). */
export function pickFaq(entries: readonly FaqEntry[], ids: readonly string[]): FaqEntry[] {
  return ids.flatMap((id) => entries.filter((entry) => entry.id === id));
}

/** The contact page's four teasers. */
export const CONTACT_TEASER_IDS = [
  'cancellations-refund-time',
  'changes-flight',
  'travel-documents',
  'account-guest-booking',
] as const;

/** The support page's most asked questions, shown before any search. */
export const SUPPORT_POPULAR_IDS = [
  'cancellations-how',
  'cancellations-refund-time',
  'payment-when-charged',
  'changes-flight',
  'travel-airport-arrival',
  'booking-as-guest',
] as const;
