import type { Offer, Slice } from './offers';
import type { ResultCabin, ResultTerms } from './search-results-schema';

/**
 * The keys a search answer tells equal values apart by, so that it writes each cabin, set of
 * terms and direction once and groups the fares of the same flights.
 */

const SEPARATOR = '\u001f';

// Keys built by hand, from the offer's own fields: JSON.stringify of each small object was most of
// an answer's cost. Each key covers every field of what it names, so equal keys are equal values.
/** Equal keys, equal cabins: the answer writes each cabin once. */
export function cabinKey(segment: ResultCabin): string {
  let key = `${segment.cabin_class}${SEPARATOR}${segment.cabin_class_marketing_name}`;
  for (const bag of segment.baggages) key += `${SEPARATOR}${bag.type}:${String(bag.quantity)}`;
  key += SEPARATOR;
  for (const service of segment.services) {
    key += `${SEPARATOR}${service.type}:${service.description}`;
  }
  return key;
}
const penaltyKey = (penalty: Offer['conditions']['refund_penalty']) =>
  penalty ? `${penalty.amount} ${penalty.currency}` : '';
/** Equal keys, equal terms: the answer writes each set of terms once. */
export function termsKey(offer: ResultTerms): string {
  const { conditions, payment_requirements: payment } = offer;
  return `${String(conditions.refundable)}${SEPARATOR}${String(conditions.changeable)}${SEPARATOR}${penaltyKey(conditions.refund_penalty)}${SEPARATOR}${penaltyKey(conditions.change_penalty)}${SEPARATOR}${String(offer.passenger_identity_documents_required)}${SEPARATOR}${String(payment.price_guarantee_expires_at)}${SEPARATOR}${String(payment.payment_required_by)}`;
}

/** The travellers' key, once per list: a provider's offers often share one list. */
const passengerKeys = new WeakMap<Offer['passengers'], string>();
export function passengersKey(passengers: Offer['passengers']): string {
  let key = passengerKeys.get(passengers);
  if (key === undefined) {
    key = passengers
      .map((passenger) => `${passenger.id}:${passenger.type}:${String(passenger.age)}`)
      .join(',');
    passengerKeys.set(passengers, key);
  }
  return key;
}

/** Every field `compactSlice` writes (airports and aircraft by their codes and names). */
export function sliceKey(slice: Slice): string {
  let key = `${slice.origin.iata_code}${SEPARATOR}${slice.destination.iata_code}${SEPARATOR}${slice.duration}`;
  for (const s of slice.segments) {
    key += `${SEPARATOR}${SEPARATOR}${s.origin.iata_code}${SEPARATOR}${s.destination.iata_code}${SEPARATOR}${String(s.origin_terminal)}${SEPARATOR}${String(s.destination_terminal)}${SEPARATOR}${s.departing_at}${SEPARATOR}${s.arriving_at}${SEPARATOR}${s.duration}${SEPARATOR}${s.flight_number}${SEPARATOR}${s.aircraft === null ? '\u0000' : s.aircraft.name}${SEPARATOR}${s.airline.iata_code}${SEPARATOR}${s.airline.name}${SEPARATOR}${s.operating_carrier.iata_code}${SEPARATOR}${s.operating_carrier.name}${SEPARATOR}${String(s.distance_km)}`;
    if (s.stops !== undefined) {
      key += `${SEPARATOR}${String(s.stops.length)}`;
      for (const stop of s.stops) {
        key += `${SEPARATOR}${stop.airport.iata_code}${SEPARATOR}${stop.arriving_at}${SEPARATOR}${stop.departing_at}${SEPARATOR}${stop.duration}`;
      }
    }
  }
  return key;
}

/** The selling airline and each flight with its departure: fares of one itinerary share it. */
export function flightsKey(offer: Offer): string {
  let key = offer.owner.iata_code;
  for (const slice of offer.slices) {
    key += '|';
    for (const s of slice.segments) key += `+${s.flight_number}@${s.departing_at}`;
  }
  return key;
}

/** Everything written once for an itinerary is the same in both. */
export function sameFlights(a: Offer, b: Offer): boolean {
  if (a.owner.iata_code !== b.owner.iata_code || a.slices.length !== b.slices.length) return false;
  return a.slices.every((sliceA, i) => {
    const sliceB = b.slices[i];
    if (sliceB === undefined) return false;
    if (
      sliceA.origin.iata_code !== sliceB.origin.iata_code ||
      sliceA.destination.iata_code !== sliceB.destination.iata_code ||
      sliceA.duration !== sliceB.duration ||
      sliceA.segments.length !== sliceB.segments.length
    ) {
      return false;
    }
    return sliceA.segments.every((x, j) => {
      const y = sliceB.segments[j];
      if (y === undefined) return false;
      return (
        x.flight_number === y.flight_number &&
        x.departing_at === y.departing_at &&
        x.arriving_at === y.arriving_at &&
        x.origin.iata_code === y.origin.iata_code &&
        x.destination.iata_code === y.destination.iata_code &&
        x.origin_terminal === y.origin_terminal &&
        x.destination_terminal === y.destination_terminal &&
        x.duration === y.duration &&
        x.aircraft?.name === y.aircraft?.name &&
        x.airline.iata_code === y.airline.iata_code &&
        x.operating_carrier.iata_code === y.operating_carrier.iata_code &&
        x.operating_carrier.name === y.operating_carrier.name &&
        x.distance_km === y.distance_km &&
        (x.stops?.length ?? -1) === (y.stops?.length ?? -1) &&
        (x.stops ?? []).every((stop, k) => {
          const other = y.stops?.[k];
          if (other === undefined) return false;
          return (
            stop.airport.iata_code === other.airport.iata_code &&
            stop.arriving_at === other.arriving_at &&
            stop.departing_at === other.departing_at &&
            stop.duration === other.duration
          );
        })
      );
    });
  });
}
