import type { Offer, SeatMap } from '@contrail/contracts/offers';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import {
  apiErrorResponse,
  jsonResponse,
  signedOut,
  siteHandler,
  stubFetch,
  type RecordedRequest,
} from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import { saveCheckout } from '../lib/checkout-storage';
import { emptyPassenger, type PassengerFormValues } from '../lib/passenger-form';
import type { BagChoices } from '../lib/bags';
import type { SeatChoices } from '../lib/seat-map';
import {
  buildOffer,
  buildSeatMaps,
  buildVerification,
  daysFromNow,
  OFFER_ID,
} from './checkout-factories';

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

export const BOOKING_PATH = `/booking?offer=${OFFER_ID}&adults=2&children=0&infants=0`;

interface CheckoutStubOptions {
  offer?: Offer;
  seatMaps?: SeatMap[] | Handler;
  verify?: Handler;
  processCard?: Handler;
  /** `GET /api/payments/config`: our card form (sandbox) unless a test says Stripe. */
  paymentConfig?: Handler;
  createIntent?: Handler;
  createBooking?: Handler;
  currentUser?: Handler;
}

/** The API of a checkout: offer, verification, seat maps, payment and booking. */
export function stubCheckout(options: CheckoutStubOptions = {}) {
  const offer = options.offer ?? buildOffer();
  const seatMaps = options.seatMaps ?? buildSeatMaps();
  return stubFetch({
    'GET /api/auth/user': options.currentUser ?? signedOut,
    'GET /api/site': siteHandler,
    'GET /api/system/mode': () => jsonResponse({ isLiveMode: false, mode: 'test' }),
    [`GET /api/flights/offer/${OFFER_ID}`]: () => jsonResponse(offer),
    [`GET /api/flights/verify-offer/${OFFER_ID}`]:
      options.verify ?? (() => jsonResponse(buildVerification())),
    [`GET /api/flights/seatmaps/${OFFER_ID}`]:
      typeof seatMaps === 'function' ? seatMaps : () => jsonResponse({ data: seatMaps }),
    'GET /api/payments/config':
      options.paymentConfig ?? (() => jsonResponse({ collection: 'sandbox' })),
    'POST /api/payments/intents':
      options.createIntent ?? (() => apiErrorResponse(500, 'internal_error', 'not stubbed')),
    'POST /api/payments/process-card':
      options.processCard ?? (() => apiErrorResponse(500, 'internal_error', 'not stubbed')),
    'POST /api/bookings':
      options.createBooking ?? (() => apiErrorResponse(500, 'internal_error', 'not stubbed')),
  });
}

export function renderCheckout(path = BOOKING_PATH) {
  return renderApp({ path });
}

/** The travellers below as the passenger form holds them. */
export function travellerDrafts(offer: Offer = buildOffer()): PassengerFormValues {
  return {
    passengers: offer.passengers.map((passenger, index) => {
      const traveller = TRAVELLERS[index] ?? TRAVELLERS[1];
      return {
        ...emptyPassenger(passenger.id, passenger.type),
        title: traveller?.title?.toLowerCase() ?? '',
        gender: traveller?.gender?.toLowerCase() ?? '',
        firstName: traveller?.firstName ?? '',
        lastName: traveller?.lastName ?? '',
        dateOfBirth: traveller?.dateOfBirth ?? '',
        email: traveller?.email ?? '',
        phone: traveller?.phone ?? '',
        passportNumber: traveller?.passportNumber ?? '',
        passportExpiryDate: traveller?.passportExpiryDate ?? '',
        passportIssuingCountry: traveller?.country ?? '',
      };
    }),
  };
}

/**
 * A checkout already filled in to `step`, as a reload finds it: the passenger step's own tests
 * type the passengers; the later steps start where they begin.
 */
export function renderCheckoutAt(
  step: 'seats' | 'payment',
  {
    offer = buildOffer(),
    seatChoices = {},
    bagChoices = {},
    draft = travellerDrafts(offer),
  }: {
    offer?: Offer;
    seatChoices?: SeatChoices;
    bagChoices?: BagChoices;
    draft?: PassengerFormValues;
  } = {},
) {
  saveCheckout(offer.id, {
    draft,
    seatChoices,
    bagChoices,
    seatsDone: step === 'payment',
    pendingBooking: null,
  });
  return renderCheckout(`${BOOKING_PATH}&step=${step}`);
}

export function passengerCard(index: number) {
  return within(screen.getByRole('group', { name: new RegExp(`^Passenger ${index + 1}`) }));
}

async function chooseOption(user: UserEvent, combobox: HTMLElement, option: string) {
  await user.click(combobox);
  // The option within the list just opened: the page's other options (some 250 countries per
  // passenger) would each have their name worked out by a query over the whole page.
  const list = await screen.findByRole('listbox');
  await user.click(within(list).getByRole('option', { name: option }));
}

interface PassengerInput {
  title?: string;
  gender?: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  email?: string;
  phone?: string;
  passportNumber?: string;
  passportExpiryDate?: string;
  /** ISO code of the passport's issuing country. */
  country?: string;
}

export const TRAVELLERS: PassengerInput[] = [
  {
    title: 'Ms',
    gender: 'Female',
    firstName: 'Ada',
    lastName: 'Lovelace',
    dateOfBirth: '1985-04-12',
    email: 'ada@example.com',
    phone: '+44 20 7946 0000',
    passportNumber: 'P1234567',
    passportExpiryDate: daysFromNow(3000),
    country: 'GB',
  },
  {
    title: 'Mr',
    gender: 'Male',
    firstName: 'Charles',
    lastName: 'Babbage',
    dateOfBirth: '1980-12-26',
    passportNumber: 'P7654321',
    passportExpiryDate: daysFromNow(3000),
    country: 'GB',
  },
];

/** Types a value at once (a paste): the form's rules run as on typing, only faster. */
async function enter(user: UserEvent, input: HTMLElement, value: string) {
  await user.click(input);
  await user.paste(value);
}

export async function fillPassenger(user: UserEvent, index: number, input: PassengerInput) {
  const card = passengerCard(index);
  if (input.title)
    await chooseOption(user, card.getByRole('combobox', { name: 'Title' }), input.title);
  if (input.gender)
    await chooseOption(user, card.getByRole('combobox', { name: 'Gender' }), input.gender);
  await enter(user, card.getByLabelText('First Name'), input.firstName);
  await enter(user, card.getByLabelText('Last Name'), input.lastName);
  await user.type(card.getByLabelText('Date of Birth'), input.dateOfBirth);
  if (input.email) await enter(user, card.getByLabelText(/^Email/), input.email);
  if (input.phone) await enter(user, card.getByLabelText(/^Phone Number/), input.phone);
  if (input.passportNumber) {
    await enter(user, card.getByLabelText(/^Passport Number/), input.passportNumber);
  }
  if (input.passportExpiryDate) {
    await user.type(card.getByLabelText(/^Passport Expiry Date/), input.passportExpiryDate);
  }
  if (input.country) {
    // By value: 250 countries make role queries over the options slow.
    await user.selectOptions(card.getByLabelText(/^Issuing Country/), input.country);
  }
}

/** Fills both travellers and continues to the seat step. */
export async function completePassengers(user: UserEvent) {
  await screen.findByRole('heading', { name: 'Enter Passenger Details' }, { timeout: 5000 });
  for (const [index, traveller] of TRAVELLERS.entries())
    await fillPassenger(user, index, traveller);
  await user.click(screen.getByRole('button', { name: 'Continue to Seat Selection' }));
  await screen.findByRole('heading', { name: 'Choose Your Seats' });
}

export async function fillCard(
  user: UserEvent,
  card: Partial<
    Record<'number' | 'holderName' | 'expiryMonth' | 'expiryYear' | 'cvv', string>
  > = {},
) {
  const values = {
    number: '4242424242424242',
    holderName: 'Ada Lovelace',
    expiryMonth: '12',
    expiryYear: String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0'),
    cvv: '123',
    ...card,
  };
  const fields = [
    ['Card Number', values.number],
    ['Cardholder Name', values.holderName],
    ['Expiry Month', values.expiryMonth],
    ['Expiry Year', values.expiryYear],
    ['CVV', values.cvv],
  ] as const;
  for (const [label, value] of fields) {
    const input = screen.getByLabelText(label);
    await user.clear(input);
    if (value !== '') await enter(user, input, value);
  }
}

/** A toast's text, once the lazily loaded toast region shows it. */
export async function findToast(text: string | RegExp, timeout = 3_000) {
  const find = () => within(screen.getByRole('region', { name: /Notifications/ })).getByText(text);
  // Asked afresh each time: a re-render may replace the element that showed the text first.
  await waitFor(() => expect(find()).toBeVisible(), { timeout });
  // And once more after the updates waitFor flushed on success, which may have replaced it too.
  return find();
}
