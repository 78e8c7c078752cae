import { DEFAULT_BRAND_NAME } from './brands';
import type { KnownPage, PagePath } from './pages';

// Each page's meta description, with the brand's name. Apart from pages.ts so that the web app's
// entry chunk does not carry them: the server writes them into the first page, and the web app
// loads them after it for the pages it navigates to.

const DESCRIPTIONS: Record<PagePath, (brand: string) => string> = {
  '/': (brand) =>
    `Search flights from hundreds of airlines, compare fares with taxes and fees included, pick your seats and book securely with ${brand}.`,
  '/search': (brand) =>
    `Compare flight offers by price, duration and stops, with taxes and fees included, on ${brand}.`,
  '/flight': (brand) =>
    `Flight times, fare rules, baggage and the full price of a flight offer on ${brand}.`,
  '/flight/$id': (brand) =>
    `Flight times, fare rules, baggage and the full price of this flight offer on ${brand}.`,
  '/booking': (brand) =>
    `Enter the passengers, choose seats and pay securely to book your flight with ${brand}.`,
  '/my-trips': (brand) =>
    `Your upcoming, past and cancelled trips booked with ${brand}, with their details and cancellation.`,
  '/manage-booking': (brand) =>
    `Find a booking made with ${brand} by its reference and e-mail address, without an account.`,
  '/login': (brand) => `Sign in to your ${brand} account to see and manage your trips.`,
  '/register': (brand) => `Create a ${brand} account to keep all your trips in one place.`,
  '/forgot-password': (brand) => `Ask for a link to set a new password for your ${brand} account.`,
  '/reset-password': (brand) => `Choose a new password for your ${brand} account.`,
  '/verify-email': (brand) => `Confirm the email address of your ${brand} account.`,
  '/price-alert': (brand) => `Start or stop a ${brand} price alert.`,
  '/account-settings': (brand) => `Your ${brand} profile, and your password.`,
  '/admin-settings': (brand) => `Booking mode and live provider status of ${brand}.`,
  '/admin/brands': (brand) =>
    `Every brand run by ${brand}: names, logos, colours and contact details.`,
  '/admin': (brand) => `Bookings, revenue and what needs attention at ${brand}.`,
  '/admin/bookings': (brand) => `Find and manage the bookings of ${brand}.`,
  '/admin/bookings/$id': (brand) => `One booking of ${brand}: travellers, payment and history.`,
  '/admin/inbox': (brand) => `Messages to ${brand} from the contact and support forms.`,
  '/admin/newsletter': (brand) => `The newsletter subscribers of ${brand}.`,
  '/admin/outbox': (brand) => `The e-mails ${brand} sends and their delivery.`,
  '/admin/audit': (brand) => `Who changed what at ${brand}, and when.`,
  '/admin/staff': (brand) => `Who may use the back office of each brand of ${brand}.`,
  '/privacy': (brand) => `How ${brand} collects, uses and protects your personal data.`,
  '/privacy-policy': (brand) => `How ${brand} collects, uses and protects your personal data.`,
  '/terms': (brand) => `The terms of service for searching and booking flights with ${brand}.`,
  '/cookies': (brand) => `Which cookies ${brand} uses, what for, and for how long.`,
  '/cancellation-policy': (brand) =>
    `How cancellations and refunds work for flights booked with ${brand}.`,
  '/about': (brand) =>
    `Who ${brand} is, and how we help travellers find, compare and book flights.`,
  '/expedia': (brand) =>
    `Partner flight offers from ${brand}: compare fares on Delta, United, American, Southwest, Air Canada and JetBlue, book securely online, or call our travel experts 24/7.`,
  '/support': (brand) =>
    `Help from ${brand} with bookings, payments, cancellations and your account, and a way to reach our team.`,
  '/faq': (brand) =>
    `Answers to common questions about booking, payment, cancellations, changes, travel and accounts at ${brand}.`,
  '/contact': (brand) =>
    `Contact ${brand} by e-mail, phone or the contact form; we answer within 24 hours.`,
};

/** The meta description of a page (undefined: the not-found page) of the brand `brandName`. */
export function pageDescription(page: KnownPage | undefined, brandName: string): string {
  const brand = brandName.trim() || DEFAULT_BRAND_NAME;
  return page
    ? DESCRIPTIONS[page.path](brand)
    : `This page does not exist on ${brand}. Search for flights or find help from the home page.`;
}
