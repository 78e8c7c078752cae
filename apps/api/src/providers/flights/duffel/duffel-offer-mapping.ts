/**
 * Duffel's offers as Contrail's contract, at Duffel's prices: their slices, passengers,
 * conditions, base and taxes, and the extra bags they sell. An offer without what makes it an
 * offer (its id, a price, flights, passengers) is left out rather than shown wrong or crashing.
 */
import type { CabinClass } from '@contrail/contracts/flight-search';
import {
  fromMinorUnits,
  isChargeableCurrency,
  toMinorUnits,
  UnsupportedCurrencyError,
} from '@contrail/contracts/money';
import type { Offer, Slice } from '@contrail/contracts/offers';
import { airlineLogoPath } from '../flight-supplier';
import { count, flag, list, object, text, top, type Read, type TopRead } from './lenient';
import {
  airlineShape,
  conditionsShape,
  serviceShape,
  sliceShape,
  type DuffelCondition,
  type DuffelSlice,
} from './duffel-shapes';
import { sliceOf } from './duffel-slice-mapping';
import { currencyOf, isoInstant, money } from './duffel-values';

const duffelOfferSchema = top({
  id: text,
  slices: list(sliceShape),
  passengers: list(object({ id: text, type: text, age: count })),
  conditions: conditionsShape,
  base_amount: text,
  tax_amount: text,
  total_amount: text,
  total_currency: text,
  available_services: list(serviceShape),
  passenger_identity_documents_required: flag,
  payment_requirements: object({ price_guarantee_expires_at: text, payment_required_by: text }),
  owner: airlineShape,
  total_emissions_kg: text,
  expires_at: text,
  created_at: text,
});
type DuffelOffer = TopRead<typeof duffelOfferSchema>;

function penaltyOf(condition: DuffelCondition) {
  if (!condition?.allowed) return null;
  const currency = currencyOf(condition.penalty_currency);
  const amount = money(condition.penalty_amount, currency);
  return amount === null || currency === null ? null : { amount, currency };
}

/**
 * The offer's conditions; where Duffel gives them per slice only, the trip allows a change or a
 * refund when every slice does, for the sum of their penalties.
 */
function conditionsOf(
  conditions: Read<typeof conditionsShape>,
  slices: readonly DuffelSlice[],
): Offer['conditions'] {
  const one = (key: 'refund_before_departure' | 'change_before_departure') => {
    const condition = conditions?.[key];
    if (condition) return { allowed: condition.allowed === true, penalty: penaltyOf(condition) };
    const perSlice = slices.map((slice) => slice.conditions?.[key] ?? null);
    if (perSlice.length === 0 || perSlice.some((c) => !c?.allowed)) {
      return { allowed: false, penalty: null };
    }
    const penalties = perSlice.map(penaltyOf);
    const currencies = new Set(penalties.map((p) => p?.currency ?? null));
    if (penalties.some((p) => p === null) || currencies.size !== 1) {
      return { allowed: true, penalty: null };
    }
    const currency = [...currencies][0] ?? '';
    const total = penalties.reduce((sum, p) => sum + toMinorUnits(p?.amount ?? '0', currency), 0);
    return {
      allowed: true,
      penalty: { amount: fromMinorUnits(total, currency), currency },
    };
  };
  const refund = one('refund_before_departure');
  const change = one('change_before_departure');
  return {
    refundable: refund.allowed,
    changeable: change.allowed,
    refund_penalty: refund.penalty,
    change_penalty: change.penalty,
  };
}

function passengerType(type: string | null | undefined, age: number | null | undefined) {
  if (type === 'adult' || type === 'child' || type === 'infant_without_seat') return type;
  if (age == null) return 'adult' as const;
  return age < 2
    ? ('infant_without_seat' as const)
    : age < 12
      ? ('child' as const)
      : ('adult' as const);
}

function ownerOf(airline: Read<typeof airlineShape>, slices: readonly Slice[]): Offer['owner'] {
  const fallback = slices[0]?.segments[0]?.airline;
  const code = airline?.iata_code ?? fallback?.iata_code ?? '';
  return {
    name: airline?.name ?? fallback?.name ?? code,
    iata_code: code,
    logo_url: airline?.logo_symbol_url ?? airlineLogoPath(code),
  };
}

export interface OfferContext {
  /** When the offer was read, for the defaults of its times. */
  now: Date;
  /** The cabin searched, when Duffel does not say a flight's. */
  cabin?: CabinClass;
}

/**
 * The fare before taxes, in minor units: Duffel's base where it fits within the total, else the
 * total less the taxes, else the total.
 */
function baseMinorOf(
  baseGiven: string | null,
  taxGiven: string | null,
  totalMinor: number,
  currency: string,
): number {
  let baseMinor = baseGiven === null ? null : toMinorUnits(baseGiven, currency);
  if (baseMinor === null || baseMinor > totalMinor || baseMinor < 0) {
    baseMinor = taxGiven === null ? totalMinor : totalMinor - toMinorUnits(taxGiven, currency);
  }
  if (baseMinor < 0 || baseMinor > totalMinor) baseMinor = totalMinor;
  return baseMinor;
}

/** The offer's passengers; one without an id is left out. */
function passengersOf(offer: DuffelOffer): Offer['passengers'] {
  return offer.passengers.flatMap((p) =>
    p.id == null
      ? []
      : [
          {
            id: p.id,
            type: passengerType(p.type, p.age),
            age: p.age == null ? null : Math.trunc(p.age),
          },
        ],
  );
}

/** The extra bags the offer sells; other services, and one without an id or price, left out. */
function bagServicesOf(offer: DuffelOffer, currency: string): Offer['available_services'] {
  return offer.available_services.flatMap((service) => {
    const amount = money(service.total_amount, currencyOf(service.total_currency) ?? currency);
    if (service.type !== 'baggage' || service.id == null || amount === null) return [];
    const cabinBag = service.metadata?.type === 'carry_on';
    const weight = service.metadata?.maximum_weight_kg;
    return [
      {
        id: service.id,
        type: 'baggage' as const,
        name: cabinBag ? 'Extra cabin bag' : 'Extra checked bag',
        description: `One additional ${cabinBag ? 'cabin' : 'checked'} bag${weight ? ` up to ${weight} kg` : ''}`,
        total_amount: amount,
        total_currency: currencyOf(service.total_currency) ?? currency,
        maximum_quantity: Math.max(1, Math.trunc(service.maximum_quantity ?? 1)),
        passenger_ids: service.passenger_ids,
        segment_ids: service.segment_ids,
      },
    ];
  });
}

/** Duffel's offer as the contract's, at Duffel's prices; null when it is no usable offer. */
export function offerOf(raw: unknown, context: OfferContext): Offer | null {
  const offer = duffelOfferSchema.read(raw);
  if (!offer) return null;
  const currency = currencyOf(offer.total_currency);
  // An offer priced in a currency the product cannot charge is refused, not left out unseen: the
  // traveller is told, and the operator sees it in the log (the Duffel account's currency).
  if (currency !== null && !isChargeableCurrency(currency)) {
    throw new UnsupportedCurrencyError(currency);
  }
  const total = money(offer.total_amount, currency);
  if (offer.id == null || total === null || currency === null) return null;
  const cabin = context.cabin ?? 'economy';
  const slices = offer.slices.map((slice) => sliceOf(slice, cabin));
  if (slices.length === 0 || slices.some((slice) => slice === null)) return null;
  const known = slices.filter((slice): slice is Slice => slice !== null);
  // Base and taxes must add up to the total (the markup rests on the base).
  const totalMinor = toMinorUnits(total, currency);
  const baseGiven = money(offer.base_amount, currency);
  const taxGiven = money(offer.tax_amount, currency);
  const baseMinor = baseMinorOf(baseGiven, taxGiven, totalMinor, currency);
  const created = isoInstant(offer.created_at) ?? context.now.toISOString();
  const passengers = passengersOf(offer);
  if (passengers.length === 0) return null;
  const countries = new Set(
    known.flatMap((slice) =>
      slice.segments.flatMap((s) => [s.origin.country_code, s.destination.country_code]),
    ),
  );
  return {
    id: offer.id,
    slices: known,
    passengers,
    conditions: conditionsOf(offer.conditions, offer.slices),
    base_amount: fromMinorUnits(baseMinor, currency),
    base_currency: currency,
    tax_amount: fromMinorUnits(totalMinor - baseMinor, currency),
    tax_currency: currency,
    total_amount: total,
    total_currency: currency,
    available_services: bagServicesOf(offer, currency),
    // Unsaid, a trip across borders is taken to need passports: asked and not needed is better
    // than needed and refused at the order.
    passenger_identity_documents_required:
      offer.passenger_identity_documents_required ?? countries.size > 1,
    payment_requirements: {
      price_guarantee_expires_at: isoInstant(
        offer.payment_requirements?.price_guarantee_expires_at,
      ),
      payment_required_by: isoInstant(offer.payment_requirements?.payment_required_by),
    },
    owner: ownerOf(offer.owner, known),
    total_emissions_kg: offer.total_emissions_kg ?? null,
    expires_at:
      isoInstant(offer.expires_at) ??
      isoInstant(offer.payment_requirements?.price_guarantee_expires_at) ??
      new Date(Date.parse(created) + 20 * 60_000).toISOString(),
    created_at: created,
  };
}
