/**
 * Booking: an order created from one offer (its passengers, services, metadata and payment
 * checked, its seats claimed in the store as it is written, with a new booking reference drawn
 * if one is taken), and an order read back.
 */
import { invalid, requestObject, sandboxErrorCodes, SandboxError } from './errors';
import { offerObject } from './offer-objects';
import { validateOrderPassengers } from './order-passengers';
import { resolveServices, seatClaims, seatsSoldError } from './order-services';
import { buildOrder, validatePayment, type OrderIdentity } from './orders';
import {
  behaviourOf,
  bookingReferenceAlphabet,
  idAlphabet,
  readOffer,
  type SandboxContext,
} from './sandbox-context';
import type { CreateOrderInput, Order } from './types';

/** The sandbox's `createOrder` and `getOrder`. */
export function sandboxOrders(sandbox: SandboxContext) {
  async function createOrder(input: CreateOrderInput): Promise<Order> {
    const raw: Partial<Record<keyof CreateOrderInput, unknown>> = requestObject(input);
    if (raw.type !== undefined && raw.type !== 'instant') {
      throw invalid('type', 'Only instant orders (paid now) are supported.');
    }
    if (!Array.isArray(raw.selected_offers) || raw.selected_offers.length !== 1) {
      throw invalid('selected_offers', 'Select exactly one offer.');
    }
    const offerId: unknown = raw.selected_offers[0];
    const { priced, searchTotal } = readOffer(sandbox, typeof offerId === 'string' ? offerId : '');
    const offer = offerObject(priced, false);
    const passengers = validateOrderPassengers(
      priced,
      raw.passengers as CreateOrderInput['passengers'],
      offer.passenger_identity_documents_required,
    );
    if (raw.services !== undefined && !Array.isArray(raw.services)) {
      throw invalid('services', 'Services must be a list of { id, quantity }.');
    }
    const services = resolveServices(
      priced,
      sandbox.seed,
      raw.services as CreateOrderInput['services'],
      passengers,
    );
    const metadata = validateMetadata(raw.metadata);

    validatePayment(raw.payments, priced, searchTotal, services.total);
    if (behaviourOf(priced.spec) === 'order_refused') {
      throw new SandboxError(
        sandboxErrorCodes.orderCreationFailed,
        'The airline refused to create the order.',
      );
    }

    const claims = seatClaims(services);
    /** A new order id, booking reference, ticket numbers and service ids, drawn at random. */
    const newIdentity = (): OrderIdentity => ({
      id: `ord_${sandbox.randomString(idAlphabet, 22)}`,
      bookingReference: sandbox.randomString(bookingReferenceAlphabet, 6),
      ticketNumbers: passengers.map(() => sandbox.randomString('0123456789', 10)),
      serviceIds: [...services.seats, ...services.bags].map(
        () => `ser_${sandbox.randomString(idAlphabet, 22)}`,
      ),
    });
    for (let attempt = 0; attempt < 5; attempt++) {
      const order = buildOrder(
        priced,
        passengers,
        services,
        newIdentity(),
        sandbox.now(),
        metadata,
      );
      const result = await sandbox.store.insertOrder({ order, seats: claims });
      if (result.ok) return order;
      if (result.reason === 'seats_taken') throw seatsSoldError(priced, services, result.taken);
    }
    throw new SandboxError(
      sandboxErrorCodes.orderCreationFailed,
      'The airline could not issue a booking reference.',
    );
  }

  async function getOrder(orderId: string): Promise<Order> {
    const order = typeof orderId === 'string' ? await sandbox.store.getOrder(orderId) : null;
    if (order === null) {
      throw new SandboxError(sandboxErrorCodes.notFound, 'No order with this id exists.');
    }
    return order;
  }

  return { createOrder, getOrder };
}

function validateMetadata(value: unknown): Readonly<Record<string, string>> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw invalid('metadata', 'Metadata must be an object.');
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length > 50) throw invalid('metadata', 'At most 50 metadata keys.');
  const out: Record<string, string> = {};
  for (const [key, item] of entries) {
    if (key.length > 40 || typeof item !== 'string' || item.length > 500) {
      throw invalid(
        `metadata.${key}`,
        'Metadata keys are up to 40 characters, values strings up to 500.',
      );
    }
    out[key] = item;
  }
  return out;
}
