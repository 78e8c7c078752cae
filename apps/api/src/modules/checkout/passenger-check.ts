import {
  checkPassengers,
  exitRowProblem,
  infantHolders,
  passengerRulesFor,
} from '@contrail/contracts/passengers';
import type { Passenger, PassengerInput } from '@contrail/contracts/passenger-check';
import { passengerMessages } from '@contrail/contracts/passenger-messages';
import type { Offer } from '@contrail/contracts/offers';
import type { SeatSelection } from '@contrail/contracts/payments';
import type { SupplierPassenger } from '../../providers/flights/flight-supplier';
import { checkoutErrors } from './checkout.errors';

/**
 * Every passenger rule, checked before a card is authorised and again before the order: 422 with
 * a message per field (`passengers.<index>.<field>`) when any fails.
 */
export function assertPassengers(
  offer: Offer,
  inputs: readonly PassengerInput[],
  today: string,
): Passenger[] {
  const result = checkPassengers(inputs, passengerRulesFor(offer, today));
  if (result.success) return result.passengers;
  const mismatch = result.fields.passengers === passengerMessages.passengersMismatch;
  throw checkoutErrors.passengersInvalid(mismatch, result.message, result.fields);
}

/**
 * The seat rules that depend on who sits there: exit rows (the seats with disclosures) only for
 * passengers 16 or over on the day of that flight who hold no infant.
 */
export function assertSeatRules(
  offer: Offer,
  passengers: readonly Passenger[],
  seats: readonly (SeatSelection & { exitRow: boolean })[],
): void {
  const holders = infantHolders(passengers);
  const byId = new Map(passengers.map((p) => [p.id, p]));
  const flightDates = new Map(
    offer.slices.flatMap((slice) => slice.segments.map((s) => [s.id, s.departing_at.slice(0, 10)])),
  );
  const fields: Record<string, string> = {};
  seats.forEach((seat, i) => {
    const passenger = byId.get(seat.passengerId);
    const date = flightDates.get(seat.segmentId);
    if (!seat.exitRow || !passenger || !date) return;
    const problem = exitRowProblem(passenger, date, holders.has(passenger.id));
    if (problem) fields[`seats.${i}`] = `${seat.designator}: ${problem}`;
  });
  const [first] = Object.values(fields);
  if (first !== undefined) throw checkoutErrors.seatNotAllowed(first, fields);
}

/** The passengers as the airline takes them: infants on the laps of the first adults. */
export function supplierPassengers(passengers: readonly Passenger[]): SupplierPassenger[] {
  const [lead] = passengers;
  const holders = infantHolders(passengers);
  return passengers.map((p) => {
    const infant = holders.get(p.id);
    return {
      id: p.id,
      title: p.title,
      givenName: p.firstName,
      familyName: p.lastName,
      gender: p.gender === 'female' ? 'f' : 'm',
      bornOn: p.dateOfBirth,
      // Airlines need a contact for everyone; companions without their own use the lead's.
      email: p.email ?? lead?.email ?? '',
      phoneNumber: p.phone ?? lead?.phone ?? '',
      ...(infant ? { infantPassengerId: infant } : {}),
      ...(p.passportNumber && p.passportExpiryDate && p.passportIssuingCountry
        ? {
            passport: {
              number: p.passportNumber,
              issuingCountryCode: p.passportIssuingCountry,
              expiresOn: p.passportExpiryDate,
            },
          }
        : {}),
      ...(p.frequentFlyer
        ? {
            loyaltyAccounts: [
              {
                airlineIataCode: p.frequentFlyer.airlineIataCode,
                accountNumber: p.frequentFlyer.number,
              },
            ],
          }
        : {}),
      ...(p.assistance ? { assistance: p.assistance } : {}),
    };
  });
}
