/**
 * The sandbox's public shapes. They follow Duffel's API v2 objects field for field (names, id
 * prefixes, decimal-string money, ISO 8601 durations, local times without offset), so a later
 * Duffel adapter maps both providers the same way. Fields Duffel has and the sandbox cannot
 * fill meaningfully are present with Duffel's empty value (null or []).
 */
import type { CabinClass } from '@contrail/reference-data/data/aircraft';
import type { CurrencyCode } from './money';

export type { CabinClass } from '@contrail/reference-data/data/aircraft';
export type { CurrencyCode } from './money';

export type PassengerType = 'adult' | 'child' | 'infant_without_seat';

// ─── Reference data ──────────────────────────────────────────────────────────

export type {
  City,
  Airport,
  AirportTier,
  AirportListItem,
  CityListItem,
  Airline,
  AirlineListItem,
  Aircraft,
  AircraftListItem,
} from '@contrail/reference-data/types';
import type { City, Airport, Airline, Aircraft } from '@contrail/reference-data/types';

// ─── Offers ──────────────────────────────────────────────────────────────────

/** One passenger of an offer request, Duffel style: a type, an age, or both. */
export type OfferRequestPassenger =
  | { readonly type: PassengerType; readonly age?: number }
  | { readonly age: number; readonly type?: undefined };

export interface OfferRequestSlice {
  /** An airport (`LHR`) or a metropolitan area (`LON`) IATA code. */
  readonly origin: string;
  readonly destination: string;
  /** The local departure date at the origin, `YYYY-MM-DD`. */
  readonly departure_date: string;
}

export interface SearchOffersInput {
  /** One slice one-way, two for a return, up to six for multi-city. */
  readonly slices: readonly OfferRequestSlice[];
  readonly passengers: readonly OfferRequestPassenger[];
  /** Defaults to economy. */
  readonly cabin_class?: CabinClass;
  /** 0, 1 or 2. Defaults to 1, as Duffel. */
  readonly max_connections?: number;
  /** Currency for every amount. Defaults to USD. */
  readonly currency?: CurrencyCode;
  /** Aborts a slow search (see the special routes). */
  readonly signal?: AbortSignal;
}

export interface FlightCondition {
  readonly allowed: boolean;
  /** For all passengers; null when not allowed. */
  readonly penalty_amount: string | null;
  readonly penalty_currency: string | null;
}

export interface Conditions {
  readonly refund_before_departure: FlightCondition | null;
  readonly change_before_departure: FlightCondition | null;
}

export interface Baggage {
  readonly type: 'checked' | 'carry_on';
  readonly quantity: number;
}

export interface SegmentPassenger {
  readonly passenger_id: string;
  readonly cabin_class: CabinClass;
  readonly cabin_class_marketing_name: string;
  readonly fare_basis_code: string;
  readonly baggages: readonly Baggage[];
}

export interface Segment {
  /** `seg_…` */
  readonly id: string;
  readonly origin: Airport;
  readonly destination: Airport;
  readonly origin_terminal: string | null;
  readonly destination_terminal: string | null;
  /** Local time at the origin, `YYYY-MM-DDTHH:mm:ss`, no offset. */
  readonly departing_at: string;
  /** Local time at the destination, `YYYY-MM-DDTHH:mm:ss`, no offset. */
  readonly arriving_at: string;
  /** ISO 8601, arrival minus departure across time zones, e.g. `PT7H25M`. */
  readonly duration: string;
  /** Great-circle distance in kilometres. */
  readonly distance: string;
  readonly marketing_carrier: Airline;
  readonly marketing_carrier_flight_number: string;
  readonly operating_carrier: Airline;
  readonly operating_carrier_flight_number: string;
  readonly aircraft: Aircraft;
  readonly passengers: readonly SegmentPassenger[];
  readonly stops: readonly never[];
}

export interface Slice {
  /** `sli_…` */
  readonly id: string;
  readonly origin: Airport;
  readonly destination: Airport;
  readonly origin_type: 'airport';
  readonly destination_type: 'airport';
  /** First departure to last arrival, ISO 8601. */
  readonly duration: string;
  readonly fare_brand_name: string;
  /** Identical for the same flights in different offers. */
  readonly comparison_key: string;
  readonly conditions: Conditions;
  readonly segments: readonly Segment[];
}

export interface OfferPassenger {
  /** `pas_…`, shared by every offer of one search; orders reference it. */
  readonly id: string;
  readonly type: PassengerType;
  /** The age given in the request, if any (on the departure date of the final slice). */
  readonly age: number | null;
  readonly given_name: null;
  readonly family_name: null;
  readonly fare_type: null;
  readonly loyalty_programme_accounts: readonly never[];
}

export interface BaggageServiceMetadata {
  readonly type: 'checked';
  readonly maximum_weight_kg: number;
  readonly maximum_length_cm: number | null;
  readonly maximum_height_cm: number | null;
  readonly maximum_depth_cm: number | null;
}

/** An extra checked bag, sold per passenger per slice. */
export interface AvailableService {
  /** `ase_…` */
  readonly id: string;
  readonly type: 'baggage';
  readonly maximum_quantity: number;
  readonly passenger_ids: readonly string[];
  readonly segment_ids: readonly string[];
  /** Price of one unit. */
  readonly total_amount: string;
  readonly total_currency: string;
  readonly metadata: BaggageServiceMetadata;
}

export interface PaymentRequirements {
  readonly requires_instant_payment: boolean;
  readonly price_guarantee_expires_at: string | null;
  readonly payment_required_by: string | null;
}

export interface Offer {
  /** `off_…`: a signed, self-contained description of the offer. */
  readonly id: string;
  readonly live_mode: false;
  readonly created_at: string;
  readonly updated_at: string;
  /** 30 minutes after the search. */
  readonly expires_at: string;
  readonly total_amount: string;
  readonly total_currency: string;
  readonly base_amount: string;
  readonly base_currency: string;
  readonly tax_amount: string;
  readonly tax_currency: string;
  readonly total_emissions_kg: string;
  readonly owner: Airline;
  readonly slices: readonly Slice[];
  readonly passengers: readonly OfferPassenger[];
  readonly conditions: Conditions;
  /** True when the itinerary crosses a border. */
  readonly passenger_identity_documents_required: boolean;
  readonly allowed_passenger_identity_document_types: readonly 'passport'[];
  readonly supported_passenger_identity_document_types: readonly 'passport'[];
  /** Extra bags; empty in search results, filled by getOffer (as Duffel does). */
  readonly available_services: readonly AvailableService[];
  readonly payment_requirements: PaymentRequirements;
}

/** What searchOffers answers: Duffel's offer request with its offers. */
export interface OfferRequest {
  /** `orq_…` */
  readonly id: string;
  readonly live_mode: false;
  readonly created_at: string;
  readonly cabin_class: CabinClass;
  readonly slices: readonly {
    readonly origin: Airport | City;
    readonly destination: Airport | City;
    readonly origin_type: 'airport' | 'city';
    readonly destination_type: 'airport' | 'city';
    readonly departure_date: string;
  }[];
  readonly passengers: readonly OfferPassenger[];
  readonly offers: readonly Offer[];
}

// ─── Seat maps ───────────────────────────────────────────────────────────────

export type {
  FacilityElement,
  SeatElement,
  SeatMap,
  SeatMapCabin,
  SeatMapElement,
  SeatService,
} from './seat-map-types';

// ─── Orders ──────────────────────────────────────────────────────────────────

export interface IdentityDocument {
  readonly type: 'passport';
  readonly unique_identifier: string;
  /** ISO 3166-1 alpha-2. */
  readonly issuing_country_code: string;
  /** `YYYY-MM-DD`; must be after the last flight. */
  readonly expires_on: string;
}

export type PassengerTitle = 'mr' | 'ms' | 'mrs' | 'miss' | 'dr';

export interface CreateOrderPassenger {
  /** The offer passenger's `pas_…` id. */
  readonly id: string;
  readonly title: PassengerTitle;
  readonly given_name: string;
  readonly family_name: string;
  readonly gender: 'm' | 'f';
  /** `YYYY-MM-DD`; must agree with the passenger's type (and age, if given) on the offer. */
  readonly born_on: string;
  readonly email: string;
  /** E.164, e.g. `+442080160509`. */
  readonly phone_number: string;
  /** On an adult: the infant on their lap. Every infant needs exactly one adult. */
  readonly infant_passenger_id?: string | null;
  /** Required, one passport each, when the offer says `passenger_identity_documents_required`. */
  readonly identity_documents?: readonly IdentityDocument[];
  /** Frequent flyer accounts, credited with the flights. */
  readonly loyalty_programme_accounts?: readonly LoyaltyProgrammeAccount[];
}

export interface LoyaltyProgrammeAccount {
  /** The IATA code of the airline running the programme. */
  readonly airline_iata_code: string;
  readonly account_number: string;
}

export interface CreateOrderInput {
  readonly type?: 'instant';
  /** Exactly one offer id. */
  readonly selected_offers: readonly string[];
  readonly passengers: readonly CreateOrderPassenger[];
  /** Exactly one payment of the offer total plus every chosen service. */
  readonly payments: readonly {
    readonly type: 'balance';
    readonly amount: string;
    readonly currency: string;
  }[];
  /** Seat services (from seat maps) and bag services (from getOffer). */
  readonly services?: readonly { readonly id: string; readonly quantity: number }[];
  readonly metadata?: Readonly<Record<string, string>>;
}

export interface SeatMetadata {
  readonly designator: string;
  readonly name: string | null;
  readonly disclosures: readonly string[];
}

export interface OrderService {
  /** `ser_…` */
  readonly id: string;
  readonly type: 'seat' | 'baggage';
  readonly passenger_ids: readonly string[];
  readonly segment_ids: readonly string[];
  readonly quantity: number;
  /** For all units. */
  readonly total_amount: string;
  readonly total_currency: string;
  readonly metadata: SeatMetadata | BaggageServiceMetadata;
}

export interface OrderSegmentPassenger extends SegmentPassenger {
  readonly seat: SeatMetadata | null;
}

export interface OrderSegment extends Omit<Segment, 'passengers'> {
  readonly passengers: readonly OrderSegmentPassenger[];
}

export interface OrderSlice extends Omit<Slice, 'segments'> {
  readonly changeable: boolean;
  readonly segments: readonly OrderSegment[];
}

export interface OrderPassenger {
  readonly id: string;
  readonly type: PassengerType;
  readonly title: PassengerTitle;
  readonly given_name: string;
  readonly family_name: string;
  readonly gender: 'm' | 'f';
  readonly born_on: string;
  readonly email: string;
  readonly phone_number: string;
  readonly infant_passenger_id: string | null;
  readonly loyalty_programme_accounts: readonly LoyaltyProgrammeAccount[];
}

export interface OrderDocument {
  readonly type: 'electronic_ticket';
  /** The 13-digit ticket number: airline prefix + serial. */
  readonly unique_identifier: string;
  readonly passenger_ids: readonly string[];
}

export interface Order {
  /** `ord_…` */
  readonly id: string;
  readonly live_mode: false;
  readonly type: 'instant';
  /** The airline's 6-character record locator (PNR). */
  readonly booking_reference: string;
  readonly offer_id: string;
  readonly created_at: string;
  readonly cancelled_at: string | null;
  readonly owner: Airline;
  readonly slices: readonly OrderSlice[];
  readonly passengers: readonly OrderPassenger[];
  readonly services: readonly OrderService[];
  readonly conditions: Conditions;
  /** Flights plus services; base + tax = total. */
  readonly total_amount: string;
  readonly total_currency: string;
  /** Flights' base fare plus services. */
  readonly base_amount: string;
  readonly base_currency: string;
  readonly tax_amount: string;
  readonly tax_currency: string;
  readonly payment_status: {
    readonly awaiting_payment: false;
    readonly paid_at: string;
    readonly payment_required_by: null;
    readonly price_guarantee_expires_at: null;
  };
  readonly documents: readonly OrderDocument[];
  readonly available_actions: readonly 'cancel'[];
  readonly metadata: Readonly<Record<string, string>>;
}

// ─── Cancellations ───────────────────────────────────────────────────────────

export type { AirlineCredit, OrderCancellation, RefundDestination } from './cancellation-types';
