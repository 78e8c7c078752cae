/**
 * The Duffel-shaped offer built from a priced offer: its slices and segments, with their
 * conditions, bags, cabins and fare basis codes, and the extra bags for sale with it. Search and
 * rebuild build through here, so `getOffer(id)` answers exactly what the search answered.
 */
import type { AirportRecord } from '@contrail/reference-data';
import { fareBasisCode } from './fare-brands';
import { extraBagUsdCents, longHaulKm } from './fares';
import { formatAmount, fromUsdCents } from './money';
import {
  baggagesFor,
  cabinName,
  conditionsFor,
  isInternational,
  offerEmissionsGrams,
  offerFacts,
  offerLifetimeMs,
  segmentCabin,
  type OfferFacts,
  type PricedOffer,
} from './offers';
import { hashString, idFromHash } from './random';
import type { Flight } from './schedule';
import { serviceId } from './service-ids';
import { formatIsoDuration, toIsoInstant } from './time-zones';
import type { AvailableService, Offer, Segment, Slice } from './types';

const comparisonKeys = new WeakMap<readonly Flight[], string>();

/** The same flights give the same key in every offer (Duffel's `comparison_key`). */
function comparisonKey(flights: readonly Flight[]): string {
  let key = comparisonKeys.get(flights);
  if (key === undefined) {
    key = idFromHash(hashString(flights.map((f) => f.key).join('+')), 16);
    comparisonKeys.set(flights, key);
  }
  return key;
}

function placeOf(airport: AirportRecord): AirportRecord['place'] {
  return airport.place;
}

/** The bags for sale with an offer: one extra-bag service per slice and seated passenger. */
export function bagServices(priced: PricedOffer): AvailableService[] {
  const currency = priced.spec.currency;
  const lowCost = priced.owner.seed.kind === 'low_cost';
  const services: AvailableService[] = [];
  priced.slices.forEach((_, sliceIndex) => {
    const unit = fromUsdCents(
      extraBagUsdCents(priced.sliceDistances[sliceIndex] ?? 0, lowCost),
      currency,
    );
    priced.passengers.forEach((passenger, passengerIndex) => {
      if (passenger.type === 'infant_without_seat') return;
      services.push({
        id: serviceId(priced.offerHash, {
          kind: 'bag',
          slice: sliceIndex,
          passenger: passengerIndex,
        }),
        type: 'baggage',
        maximum_quantity: 2,
        passenger_ids: [passenger.id],
        segment_ids: [...(priced.segmentIds[sliceIndex] ?? [])],
        total_amount: formatAmount(unit, currency),
        total_currency: currency,
        metadata: {
          type: 'checked',
          maximum_weight_kg: 23,
          maximum_length_cm: null,
          maximum_height_cm: null,
          maximum_depth_cm: null,
        },
      });
    });
  });
  return services;
}

function segmentObject(
  facts: OfferFacts,
  flight: Flight,
  sliceIndex: number,
  segmentIndex: number,
  longHaul: boolean,
): Segment {
  const { priced, lowCost } = facts;
  const cabin = segmentCabin(priced, sliceIndex, segmentIndex);
  const airline = flight.route.airline;
  const fareBasis = fareBasisCode(priced.brand, facts.days, flight.date, longHaul);
  return {
    id: priced.segmentIds[sliceIndex]?.[segmentIndex] ?? '',
    origin: placeOf(flight.route.from),
    destination: placeOf(flight.route.to),
    origin_terminal: flight.route.originTerminal,
    destination_terminal: flight.route.destinationTerminal,
    departing_at: flight.departureLocal.iso,
    arriving_at: flight.arrivalLocal.iso,
    duration: formatIsoDuration(flight.service.blockMinutes),
    distance: String(flight.route.distanceKm),
    marketing_carrier: airline.duffel,
    marketing_carrier_flight_number: String(flight.service.flightNumber),
    operating_carrier: airline.duffel,
    operating_carrier_flight_number: String(flight.service.flightNumber),
    aircraft: flight.service.aircraft.duffel,
    passengers: priced.passengers.map((passenger) => ({
      passenger_id: passenger.id,
      cabin_class: cabin,
      cabin_class_marketing_name: cabinName(airline, cabin),
      fare_basis_code: fareBasis,
      baggages: baggagesFor(priced.brand, longHaul, lowCost, passenger),
    })),
    stops: [],
  };
}

function sliceObject(facts: OfferFacts, flights: readonly Flight[], sliceIndex: number): Slice {
  const { priced } = facts;
  const longHaul = (priced.sliceDistances[sliceIndex] ?? 0) >= longHaulKm;
  const first = flights[0];
  const last = flights[flights.length - 1];
  if (first === undefined || last === undefined) throw new RangeError('A slice needs flights');
  return {
    id: priced.sliceIds[sliceIndex] ?? '',
    origin: placeOf(first.route.from),
    destination: placeOf(last.route.to),
    origin_type: 'airport',
    destination_type: 'airport',
    duration: formatIsoDuration(
      Math.round((last.arrivalInstant - first.departureInstant) / 60_000),
    ),
    fare_brand_name: priced.brand.name,
    comparison_key: comparisonKey(flights),
    conditions: conditionsFor(priced.brand, longHaul, facts.seated, priced.spec.currency),
    segments: flights.map((flight, segmentIndex) =>
      segmentObject(facts, flight, sliceIndex, segmentIndex, longHaul),
    ),
  };
}

/** The Duffel-shaped offer. `withServices` adds the bags for sale (as Duffel's get-offer does). */
export function offerObject(priced: PricedOffer, withServices: boolean): Offer {
  const { spec, brand, owner } = priced;
  const currency = spec.currency;
  const facts = offerFacts(priced);
  const slices = priced.slices.map((flights, sliceIndex) =>
    sliceObject(facts, flights, sliceIndex),
  );
  const anyLongHaul = priced.sliceDistances.some((d) => d >= longHaulKm);
  const documentsRequired = isInternational(priced);
  const createdAt = toIsoInstant(spec.createdAt);
  return {
    id: priced.id,
    live_mode: false,
    created_at: createdAt,
    updated_at: createdAt,
    expires_at: toIsoInstant(spec.createdAt + offerLifetimeMs),
    total_amount: formatAmount(priced.totalAmount, currency),
    total_currency: currency,
    base_amount: formatAmount(priced.baseAmount, currency),
    base_currency: currency,
    tax_amount: formatAmount(priced.taxAmount, currency),
    tax_currency: currency,
    total_emissions_kg: String(Math.round(offerEmissionsGrams(facts) / 1000)),
    owner: owner.duffel,
    slices,
    passengers: priced.passengers,
    conditions: conditionsFor(brand, anyLongHaul, facts.seated, currency),
    passenger_identity_documents_required: documentsRequired,
    allowed_passenger_identity_document_types: documentsRequired ? ['passport'] : [],
    supported_passenger_identity_document_types: ['passport'],
    available_services: withServices ? bagServices(priced) : [],
    payment_requirements: {
      requires_instant_payment: true,
      price_guarantee_expires_at: null,
      payment_required_by: null,
    },
  };
}
