/**
 * Factories for tests (the sandbox's own and its consumers'): a sandbox on a fixed clock, order
 * passengers that fit an offer, and a payment of exactly the right amount. Each takes overrides.
 */
import { addDays } from '@contrail/contracts/flight-search';
import { createMemoryStore, type MemoryStore } from './memory-store';
import { formatAmount, isSupportedCurrency, parseAmount } from './money';
import { createSandbox, type Sandbox, type SandboxOptions } from './sandbox';
import type { CreateOrderInput, CreateOrderPassenger, Offer, PassengerType } from './types';

export const testSecret = 'sandbox-test-secret-0123456789abcdef';

export interface TestSandbox {
  readonly sandbox: Sandbox;
  readonly store: MemoryStore;
  /** Moves the clock. */
  setNow(instant: Date | string): void;
  now(): Date;
}

/** A sandbox with an in-memory store and a clock that only moves when told. */
export function createTestSandbox(
  overrides: Partial<SandboxOptions> & { readonly now?: Date | string } = {},
): TestSandbox {
  let current = new Date(overrides.now ?? '2026-01-10T09:00:00Z');
  const store = createMemoryStore();
  const sandbox = createSandbox({
    store,
    clock: () => current,
    secret: testSecret,
    ...overrides,
  });
  return {
    sandbox,
    store,
    setNow: (instant) => {
      current = new Date(instant);
    },
    now: () => current,
  };
}

/** A date of birth giving `age` on `date` (the day after the birthday, safely clear of it). */
export function bornOnForAge(age: number, date: string): string {
  const year = Number(date.slice(0, 4)) - age - 1;
  // 29 February has no twin in most years; the 28th works the same way.
  const monthDay = date.slice(4) === '-02-29' ? '-02-28' : date.slice(4);
  return addDays(`${year}${monthDay}`, 1);
}

/** The date the offer's final slice departs (ages count on it). */
export function finalDepartureDate(offer: Offer): string {
  const last = offer.slices[offer.slices.length - 1];
  return (last?.segments[0]?.departing_at ?? '').slice(0, 10);
}

const ageByType: Record<PassengerType, number> = { adult: 35, child: 8, infant_without_seat: 1 };

/** Order passengers matching an offer's passengers (types, ages, infants on adults' laps). */
export function passengersFor(
  offer: Offer,
  overrides: (index: number) => Partial<CreateOrderPassenger> = () => ({}),
): CreateOrderPassenger[] {
  const ageDate = finalDepartureDate(offer);
  const infants = offer.passengers.filter((p) => p.type === 'infant_without_seat').map((p) => p.id);
  let nextInfant = 0;
  return offer.passengers.map((passenger, index) => {
    const age = passenger.age ?? ageByType[passenger.type];
    const infant = passenger.type === 'adult' ? (infants[nextInfant++] ?? null) : null;
    return {
      id: passenger.id,
      title: index % 2 === 0 ? 'ms' : 'mr',
      given_name: ['Amelia', 'Charles', 'Bessie', 'Wiley', 'Jean'][index % 5] ?? 'Alex',
      family_name: 'Earhart',
      gender: index % 2 === 0 ? 'f' : 'm',
      born_on: bornOnForAge(age, ageDate),
      email: `traveller${index}@example.com`,
      phone_number: '+442080160509',
      infant_passenger_id: infant,
      identity_documents: offer.passenger_identity_documents_required
        ? [
            {
              type: 'passport',
              unique_identifier: `P${String(1_000_000 + index)}`,
              issuing_country_code: 'GB',
              expires_on: '2035-01-01',
            },
          ]
        : [],
      ...overrides(index),
    };
  });
}

/** Sums decimal amounts of one currency exactly (via minor units). */
export function sumAmounts(currency: string, amounts: readonly string[]): string {
  if (!isSupportedCurrency(currency)) throw new RangeError(`Unsupported currency ${currency}`);
  let total = 0;
  for (const amount of amounts) {
    const minor = parseAmount(amount, currency);
    if (minor === null) throw new RangeError(`Not an amount: ${amount}`);
    total += minor;
  }
  return formatAmount(total, currency);
}

/** A complete createOrder input for an offer: passengers, services and the exact payment. */
export function orderInputFor(
  offer: Offer,
  options: {
    readonly services?: readonly {
      readonly id: string;
      readonly quantity: number;
      readonly amount: string;
    }[];
    readonly passengers?: (index: number) => Partial<CreateOrderPassenger>;
  } = {},
): CreateOrderInput {
  const services = options.services ?? [];
  const currency = offer.total_currency;
  if (!isSupportedCurrency(currency)) throw new RangeError(`Unsupported currency ${currency}`);
  const amounts = [offer.total_amount];
  for (const service of services) {
    const unit = parseAmount(service.amount, currency);
    if (unit === null) throw new RangeError(`Not an amount: ${service.amount}`);
    amounts.push(formatAmount(unit * service.quantity, currency));
  }
  return {
    type: 'instant',
    selected_offers: [offer.id],
    passengers: passengersFor(offer, options.passengers),
    payments: [
      {
        type: 'balance',
        amount: sumAmounts(offer.total_currency, amounts),
        currency: offer.total_currency,
      },
    ],
    services: services.map(({ id, quantity }) => ({ id, quantity })),
  };
}

/** The value, or a thrown error naming what was missing: lets tests index without `!`. */
export function must<T>(value: T | null | undefined, what = 'a value'): T {
  if (value === null || value === undefined) {
    throw new Error(`Expected ${what}, got ${String(value)}`);
  }
  return value;
}
