import type { Offer } from '@contrail/contracts/offers';

export interface PassengerCounts {
  adults: number;
  children: number;
  infants: number;
}

/** An offer's travellers by type. */
export function passengerCounts(offer: Offer): PassengerCounts {
  const count = (type: Offer['passengers'][number]['type']) =>
    offer.passengers.filter((passenger) => passenger.type === type).length;
  return {
    adults: count('adult'),
    children: count('child'),
    infants: count('infant_without_seat'),
  };
}

/** '1 Adult', '2 Adults'. */
export function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** '1 Adult', '2 Adults, 1 Child, 1 Infant': a type with nobody is left out. */
export function passengerSummary({ adults, children, infants }: PassengerCounts): string {
  return [
    adults ? plural(adults, 'Adult', 'Adults') : null,
    children ? plural(children, 'Child', 'Children') : null,
    infants ? plural(infants, 'Infant', 'Infants') : null,
  ]
    .filter(Boolean)
    .join(', ');
}
