import type { Offer } from './offers';
import {
  checkPassenger,
  type Passenger,
  type PassengerInput,
  type PassengerRules,
} from './passenger-check';
import { passengerMessages } from './passenger-messages';
import { ageOn, type PassengerType } from './passenger-types';

/**
 * The passenger rules, in one place for the web form and the API: a passenger who passes them
 * here is accepted by the airline, so no passenger problem can surface after the card is
 * authorised. The airline's own rules (Duffel's, which the sandbox mirrors) are the floor.
 */

type OfferFacts = Pick<Offer, 'slices' | 'passengers' | 'passenger_identity_documents_required'>;

/** The rules for one offer on one day. */
export function passengerRulesFor(offer: OfferFacts, today: string): PassengerRules {
  const lastSlice = offer.slices.at(-1);
  const ageDate = lastSlice?.segments[0]?.departing_at.slice(0, 10) ?? today;
  const lastFlightDate = lastSlice?.segments.at(-1)?.arriving_at.slice(0, 10) ?? ageDate;
  const airlines = [
    ...new Set(offer.slices.flatMap((slice) => slice.segments.map((s) => s.airline.iata_code))),
  ];
  return {
    today,
    passportRequired: offer.passenger_identity_documents_required,
    ageDate,
    lastFlightDate,
    passengers: offer.passengers.map(({ id, type, age }) => ({ id, type, age })),
    airlines,
  };
}

/** A checked passenger as a request carries it again (the rules pass it unchanged). */
export function toPassengerInput(passenger: Passenger): PassengerInput {
  const { frequentFlyer, ...rest } = passenger;
  return {
    ...rest,
    ...(frequentFlyer
      ? {
          frequentFlyerAirline: frequentFlyer.airlineIataCode,
          frequentFlyerNumber: frequentFlyer.number,
        }
      : {}),
  };
}

export type PassengersCheck =
  | { success: true; passengers: Passenger[] }
  | { success: false; message: string; fields: Record<string, string> };

/**
 * Every passenger of a booking against the offer and the rules: the same passengers as the offer
 * (same ids and types, in its order), each passing `checkPassenger`, and no more infants than
 * adults. `fields` are keyed `passengers.<index>.<field>`.
 */
export function checkPassengers(
  inputs: readonly PassengerInput[],
  rules: PassengerRules,
  options: { skipPassport?: readonly boolean[] } = {},
): PassengersCheck {
  const sameAsOffer =
    inputs.length === rules.passengers.length &&
    inputs.every((input, i) => {
      const offered = rules.passengers[i];
      return offered?.id === input.id && offered.type === input.type;
    });
  if (!sameAsOffer) {
    return {
      success: false,
      message: passengerMessages.passengersMismatch,
      fields: { passengers: passengerMessages.passengersMismatch },
    };
  }
  const fields: Record<string, string> = {};
  const passengers: Passenger[] = [];
  inputs.forEach((input, i) => {
    const result = checkPassenger(input, i, rules, { skipPassport: options.skipPassport?.[i] });
    if (result.success) passengers.push(result.data);
    else
      for (const [field, message] of Object.entries(result.errors))
        fields[`passengers.${i}.${field}`] = message;
  });
  const adults = inputs.filter((p) => p.type === 'adult').length;
  const infants = inputs.filter((p) => p.type === 'infant_without_seat').length;
  if (infants > adults) fields.passengers = passengerMessages.infantsPerAdult;
  const [first] = Object.values(fields);
  if (first !== undefined) return { success: false, message: first, fields };
  return { success: true, passengers };
}

/** Which adult holds which infant on their lap: the first adults, in order, one infant each. */
export function infantHolders(
  passengers: readonly { id: string; type: PassengerType }[],
): Map<string, string> {
  const infants = passengers.filter((p) => p.type === 'infant_without_seat').map((p) => p.id);
  const holders = new Map<string, string>();
  for (const passenger of passengers) {
    if (passenger.type !== 'adult') continue;
    const infant = infants.shift();
    if (infant === undefined) break;
    holders.set(passenger.id, infant);
  }
  return holders;
}

// ─── Seats a passenger may take ──────────────────────────────────────────────

export const seatRuleMessages = {
  exitRowAge: 'Exit row seats are for passengers aged 16 or over',
  exitRowInfant: 'Passengers travelling with an infant cannot sit in an exit row',
} as const;
const EXIT_ROW_MIN_AGE = 16;

/**
 * Why a passenger may not sit in an exit row on a flight departing on `flightDate` (local), or
 * null when they may. Exit rows are the seats with disclosures in the seat map.
 */
export function exitRowProblem(
  passenger: { id: string; dateOfBirth: string },
  flightDate: string,
  holdsInfant: boolean,
): string | null {
  if (holdsInfant) return seatRuleMessages.exitRowInfant;
  if (ageOn(passenger.dateOfBirth, flightDate) < EXIT_ROW_MIN_AGE)
    return seatRuleMessages.exitRowAge;
  return null;
}
