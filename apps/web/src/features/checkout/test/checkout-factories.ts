import type { CreateBookingResponse } from '@contrail/contracts/bookings';
import {
  offerSchema,
  seatMapSchema,
  type Offer,
  type SeatMap,
  type Segment,
} from '@contrail/contracts/offers';
import { addDays } from '@contrail/contracts/search-rules';

/** Test data for the checkout: parsed with the contracts, so a factory cannot drift from them. */

export const OFFER_ID = 'off_test_1';
export const PASSENGER_IDS = ['pas_adult_1', 'pas_adult_2'] as const;

/** A date `days` from now (UTC), `YYYY-MM-DD`. */
export function daysFromNow(days: number): string {
  return addDays(new Date().toISOString().slice(0, 10), days);
}

const place = (iata: string, city: string, name: string, country: string, zone: string) => ({
  iata_code: iata,
  name,
  city_name: city,
  country_code: country,
  time_zone: zone,
});
const LHR = place('LHR', 'London', 'Heathrow Airport', 'GB', 'Europe/London');
const JFK = place(
  'JFK',
  'New York',
  'John F. Kennedy International Airport',
  'US',
  'America/New_York',
);

function segment(
  id: string,
  flightNumber: string,
  from: typeof LHR,
  to: typeof LHR,
  date: string,
): Segment {
  return {
    id,
    origin: from,
    destination: to,
    origin_terminal: null,
    destination_terminal: null,
    departing_at: `${date}T09:00:00`,
    arriving_at: `${date}T12:05:00`,
    duration: 'PT8H5M',
    flight_number: flightNumber,
    aircraft: { name: 'Boeing 777-300ER' },
    airline: {
      id: 'arl_ba',
      name: 'British Airways',
      iata_code: 'BA',
      icao_code: 'BAW',
      logo_url: '/logos/ba.svg',
    },
    operating_carrier: { iata_code: 'BA', name: 'British Airways' },
    cabin_class: 'economy',
    cabin_class_marketing_name: 'Economy',
    baggages: [],
    services: [],
    distance_km: 5540,
  };
}

/** LHR → JFK return for two adults: 1,698.00 base + 445.00 taxes = 2,143.00 USD. */
export function buildOffer(overrides: Partial<Offer> = {}): Offer {
  const out = daysFromNow(21);
  const back = daysFromNow(28);
  return offerSchema.parse({
    id: OFFER_ID,
    slices: [
      {
        id: 'sli_out',
        origin: LHR,
        destination: JFK,
        duration: 'PT8H5M',
        fare_brand_name: 'Standard',
        segments: [segment('seg_out', 'BA117', LHR, JFK, out)],
      },
      {
        id: 'sli_back',
        origin: JFK,
        destination: LHR,
        duration: 'PT7H0M',
        fare_brand_name: 'Standard',
        segments: [segment('seg_back', 'BA178', JFK, LHR, back)],
      },
    ],
    passengers: PASSENGER_IDS.map((id) => ({ id, type: 'adult', age: null })),
    conditions: { refundable: false, changeable: true, refund_penalty: null, change_penalty: null },
    base_amount: '1698.00',
    base_currency: 'USD',
    tax_amount: '445.00',
    tax_currency: 'USD',
    total_amount: '2143.00',
    total_currency: 'USD',
    available_services: [],
    passenger_identity_documents_required: true,
    payment_requirements: { price_guarantee_expires_at: null, payment_required_by: null },
    owner: { name: 'British Airways', iata_code: 'BA', logo_url: '/logos/ba.svg' },
    total_emissions_kg: null,
    expires_at: new Date(Date.now() + 25 * 60_000).toISOString(),
    created_at: new Date().toISOString(),
    ...overrides,
  });
}

/** A bag service of an offer: one extra checked bag for one passenger on one flight. */
export function buildBagService(
  id: string,
  passenger: string,
  segment: string,
  amount: string,
  maximum = 2,
): Offer['available_services'][number] {
  return {
    id,
    type: 'baggage',
    name: 'Extra checked bag',
    description: 'One additional checked bag up to 23 kg',
    total_amount: amount,
    total_currency: 'USD',
    maximum_quantity: maximum,
    passenger_ids: [passenger],
    segment_ids: [segment],
  };
}

type SeatPrices = Record<string, string | null>;

/**
 * A small cabin: rows 10 to 12, seats A B | C D, an exit before row 12, a galley at the back.
 * `prices` gives a seat's price for every passenger (null: taken); seats not listed cost 10.00.
 */
export function buildSeatMap(segmentId: string, sliceId: string, prices: SeatPrices = {}): SeatMap {
  const seat = (designator: string) => {
    const price = designator in prices ? prices[designator] : '10.00';
    // Row 12 is behind the exit: its seats carry the airline's exit row conditions.
    const exitRow = designator.startsWith('12');
    return {
      type: 'seat',
      designator,
      name: exitRow ? 'Exit row seat' : null,
      disclosures: exitRow
        ? [
            'Exit row seats are only for passengers aged 16 or over who are able and willing to help in an evacuation.',
          ]
        : [],
      available: price !== null,
      available_services:
        price === null
          ? []
          : PASSENGER_IDS.map((passengerId) => ({
              id: `ase_${segmentId}_${designator}_${passengerId}`,
              passenger_id: passengerId,
              total_amount: price,
              total_currency: 'USD',
            })),
    };
  };
  const row = (n: number) => ({
    sections: [
      { elements: [seat(`${n}A`), seat(`${n}B`)] },
      { elements: [seat(`${n}C`), seat(`${n}D`)] },
    ],
  });
  return seatMapSchema.parse({
    id: `sea_${segmentId}`,
    segment_id: segmentId,
    slice_id: sliceId,
    cabins: [
      {
        cabin_class: 'economy',
        deck: 0,
        aisles: 1,
        wings: null,
        rows: [
          row(10),
          row(11),
          {
            sections: [{ elements: [{ type: 'exit_row' }] }, { elements: [{ type: 'exit_row' }] }],
          },
          row(12),
          { sections: [{ elements: [{ type: 'galley' }] }, { elements: [{ type: 'lavatory' }] }] },
        ],
      },
    ],
  });
}

export function buildSeatMaps(prices: SeatPrices = {}): SeatMap[] {
  return [buildSeatMap('seg_out', 'sli_out', prices), buildSeatMap('seg_back', 'sli_back', prices)];
}

export function buildVerification(minutesRemaining = 25) {
  return {
    valid: true,
    offer_id: OFFER_ID,
    expires_at: new Date(Date.now() + minutesRemaining * 60_000).toISOString(),
    minutes_remaining: minutesRemaining,
    message: 'This flight offer is still available.',
  };
}

export function buildAuthorization(amount: string) {
  return {
    success: true,
    paymentId: 'pay_test_1',
    amount,
    currency: 'USD',
    card: { brand: 'visa', last4: '4242' },
  };
}

export function buildBookingResponse(
  overrides: Partial<CreateBookingResponse> = {},
): CreateBookingResponse {
  return {
    id: '4f1c2a9e-3b7d-4c2e-9a51-7d2e8b6f0c13',
    duffelBookingId: 'ord_0000AbCdEfGh',
    bookingReference: 'K7QX2M',
    status: 'confirmed',
    emailContent: {
      to: 'ada@example.com',
      subject: 'Your booking K7QX2M is confirmed',
      html: '<p>Confirmed</p>',
      text: 'Confirmed',
    },
    ...overrides,
  };
}
