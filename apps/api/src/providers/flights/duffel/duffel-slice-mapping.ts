/**
 * Duffel's slices and their flights as the contract's: airports completed from the reference data
 * of real airports, carriers, cabins, bags, amenities and stops. A flight without its times, or a
 * slice with such a flight, is none (nothing could be shown or checked).
 */
import type { CabinClass } from '@contrail/contracts/flight-search';
import type { Place, Segment, Slice } from '@contrail/contracts/offers';
import { airlineLogoPath } from '../flight-supplier';
import { airportList } from '../reference';
import type { DuffelAirport, DuffelSegment, DuffelSlice } from './duffel-shapes';
import { cabinOf, isoDuration, localTime, minutesBetween } from './duffel-values';

let knownAirports: Map<string, Place> | undefined;
function findAirport(code: string): Place | undefined {
  knownAirports ??= new Map(airportList().map((a) => [a.iata_code, a]));
  return knownAirports.get(code);
}

/** Where an airport is, with the reference data of real airports for what Duffel left out. */
function placeOf(airport: DuffelAirport, fallbackCode = ''): Place {
  const code = airport?.iata_code ?? fallbackCode;
  const known = findAirport(code);
  const name = airport?.name ?? known?.name ?? code;
  return {
    iata_code: code,
    name,
    city_name: airport?.city_name ?? airport?.city?.name ?? known?.city_name ?? name,
    country_code: airport?.iata_country_code ?? known?.country_code ?? '',
    // A city (a slice between metropolitan areas) has no zone; its airports do.
    time_zone: airport?.time_zone ?? known?.time_zone ?? 'UTC',
  };
}

function servicesOf(segment: DuffelSegment, checked: number): Segment['services'] {
  const amenities = segment.passengers[0]?.cabin?.amenities;
  const services: Segment['services'] = [];
  if (amenities?.wifi?.available) {
    services.push({
      type: 'wifi',
      description:
        amenities.wifi.cost === 'free' ? 'Free Wi-Fi on board' : 'Wi-Fi available on board',
    });
  }
  if (amenities?.power?.available) services.push({ type: 'power', description: 'In-seat power' });
  if (checked > 0) {
    services.push({
      type: 'baggage',
      description: `${checked} checked bag${checked > 1 ? 's' : ''} included`,
    });
  }
  return services;
}

/** The bags a passenger may take on a flight, as Duffel lists them (other kinds left out). */
function baggagesOf(
  passenger: DuffelSegment['passengers'][number] | undefined,
): Segment['baggages'] {
  return (passenger?.baggages ?? []).flatMap((bag): Segment['baggages'] => {
    const type = bag.type === 'checked' ? 'checked' : bag.type === 'carry_on' ? 'carry_on' : null;
    return type === null || bag.quantity == null
      ? []
      : [{ type, quantity: Math.max(0, Math.trunc(bag.quantity)) }];
  });
}

/** Where a flight lands on its way without changing planes; a stop without its times is left out. */
function stopsOf(segment: DuffelSegment): Segment['stops'] {
  return segment.stops.flatMap((stop) => {
    const arrivingAt = localTime(stop.arriving_at);
    const departingAt = localTime(stop.departing_at);
    if (!stop.airport || arrivingAt === null || departingAt === null) return [];
    const airport = placeOf(stop.airport);
    return [
      {
        airport,
        arriving_at: arrivingAt,
        departing_at: departingAt,
        duration:
          stop.duration ??
          isoDuration(
            minutesBetween(arrivingAt, airport.time_zone, departingAt, airport.time_zone),
          ),
      },
    ];
  });
}

/** One flight; null when it lacks its times (nothing could be shown or checked). */
function segmentOf(segment: DuffelSegment, cabin: CabinClass): Segment | null {
  const departing = localTime(segment.departing_at);
  const arriving = localTime(segment.arriving_at);
  if (departing === null || arriving === null) return null;
  const origin = placeOf(segment.origin);
  const destination = placeOf(segment.destination);
  const marketing = segment.marketing_carrier;
  const operating = segment.operating_carrier ?? marketing;
  const carrierCode = marketing?.iata_code ?? operating?.iata_code ?? '';
  const passenger = segment.passengers[0];
  const baggages = baggagesOf(passenger);
  const checked = baggages.find((bag) => bag.type === 'checked')?.quantity ?? 0;
  const distance = Number(segment.distance);
  return {
    id: segment.id ?? '',
    origin,
    destination,
    origin_terminal: segment.origin_terminal ?? null,
    destination_terminal: segment.destination_terminal ?? null,
    departing_at: departing,
    arriving_at: arriving,
    duration:
      segment.duration ??
      isoDuration(minutesBetween(departing, origin.time_zone, arriving, destination.time_zone)),
    flight_number: `${carrierCode}${segment.marketing_carrier_flight_number ?? segment.operating_carrier_flight_number ?? ''}`,
    aircraft: segment.aircraft?.name ? { name: segment.aircraft.name } : null,
    airline: {
      id: marketing?.id ?? carrierCode,
      name: marketing?.name ?? carrierCode,
      iata_code: carrierCode,
      icao_code: null,
      logo_url: marketing?.logo_symbol_url ?? airlineLogoPath(carrierCode),
    },
    operating_carrier: {
      iata_code: operating?.iata_code ?? carrierCode,
      name: operating?.name ?? marketing?.name ?? carrierCode,
    },
    cabin_class: cabinOf(passenger?.cabin_class) ?? cabinOf(passenger?.cabin?.name) ?? cabin,
    cabin_class_marketing_name:
      passenger?.cabin_class_marketing_name ??
      passenger?.cabin?.marketing_name ??
      cabinLabel(cabinOf(passenger?.cabin_class) ?? cabin),
    baggages,
    services: servicesOf(segment, checked),
    distance_km:
      Number.isFinite(distance) && segment.distance != null ? Math.round(distance) : null,
    stops: stopsOf(segment),
  };
}

function cabinLabel(cabin: CabinClass): string {
  return {
    economy: 'Economy',
    premium_economy: 'Premium Economy',
    business: 'Business',
    first: 'First',
  }[cabin];
}

export function sliceOf(slice: DuffelSlice, cabin: CabinClass): Slice | null {
  const segments = slice.segments.map((segment) => segmentOf(segment, cabin));
  const first = segments[0];
  const last = segments.at(-1);
  if (!first || !last || segments.some((segment) => segment === null)) return null;
  const known = segments.filter((segment): segment is Segment => segment !== null);
  return {
    id: slice.id ?? '',
    // The slice's ends are the airports flown from and to, even when a city was searched.
    origin: first.origin,
    destination: last.destination,
    duration:
      slice.duration ??
      isoDuration(
        minutesBetween(
          first.departing_at,
          first.origin.time_zone,
          last.arriving_at,
          last.destination.time_zone,
        ),
      ),
    fare_brand_name: slice.fare_brand_name ?? null,
    segments: known,
  };
}
