import { offerMessages } from '@contrail/contracts/offers';
import { LRUCache } from 'lru-cache';
import { AppError } from '../lib/app-error';
import {
  SupplierError,
  type FlightSupplier,
  type SupplierCancellation,
  type SupplierOrder,
  type SupplierSearch,
  type SupplierThreading,
} from './flights/flight-supplier';
import type { PaymentProvider } from './payments/payment-provider';

/**
 * Which providers answer in which booking mode (test: Duffel or the sandbox; live: Duffel and Stripe with live keys). The mode lives in the database
 * (the admin's switch) and is read again at most every few seconds, so a switch reaches every
 * process without a restart. Everything a provider made (an offer, a payment, a booking) keeps
 * the provider and mode it came from: offers in their id, payments and bookings in their rows.
 */

const MODES = ['test', 'live'] as const;
export type Mode = (typeof MODES)[number];

/** How long a process trusts the mode it read: a switch is in force everywhere within this. */
export const MODE_CACHE_MS = 2_000;

export interface ProviderSource {
  provider: string;
  mode: Mode;
}

const providerMessages = {
  flightsMissing:
    'Flights cannot be searched right now: no flight provider is set up for this mode.',
  paymentsMissing: 'Payments cannot be taken right now: no card processor is set up for this mode.',
  providerGone:
    'This booking was made with a provider that is no longer set up, so it cannot be changed here. Please contact us.',
} as const;

/** The errors of the registry, with the status each answers. */
const registryErrors = {
  /** 503: no provider is set up for the mode (or the one a booking was made with is gone). */
  notConfigured: (message: string): AppError =>
    new AppError(503, 'provider_not_configured', message),
  /** 409: the offer was found before the switch between test and live mode. */
  modeChanged: (): AppError => new AppError(409, 'mode_changed', offerMessages.modeChanged),
  /** 404, as an offer its supplier does not know: the id is none any source could have made. */
  offerNotFound: (): AppError => new AppError(404, 'offer_not_found', offerMessages.notFound),
};

/** A supplier that knows where it answers from; its offer ids name that source. */
export interface SourcedSupplier extends FlightSupplier {
  readonly source: ProviderSource;
}

/**
 * The sandbox's test offers, orders and cancellations keep their own ids (links, tests and
 * bookings made before modes stay valid); any other source's ids start `<provider>-<mode>~`.
 */
function prefixOf(source: ProviderSource): string {
  return source.provider === 'sandbox' && source.mode === 'test'
    ? ''
    : `${source.provider}-${source.mode}~`;
}

const PREFIXED = /^([a-z]+)-(test|live)~(.+)$/s;

/** The id we keep for a provider's own id (an order's, named by its webhook) of a source. */
export function sourcedId(source: ProviderSource, id: string): string {
  return prefixOf(source) + id;
}

/**
 * What a provider's own id may be: letters, digits, `_` and `-` (Duffel's `off_…`, the
 * sandbox's base64url offers), as long as an offer id may be. A provider's SDK puts ids into
 * the paths it requests unencoded: a `/`, `.`, `?`, `#` or `%` would ask for another resource.
 */
const PROVIDER_ID = /^[A-Za-z0-9_-]{1,2000}$/;

/** The source an id (offer, order, cancellation) names, and the provider's own id. */
export function parseOfferId(offerId: string): { source: ProviderSource; id: string } {
  const match = PREFIXED.exec(offerId);
  if (!match) return { source: { provider: 'sandbox', mode: 'test' }, id: offerId };
  const [, provider = '', mode = 'test', id = ''] = match;
  return { source: { provider, mode: mode as Mode }, id };
}

/** Whether an id is one a provider could have made: its own part holds nothing but a token. */
function isProviderId(id: string): boolean {
  return PROVIDER_ID.test(parseOfferId(id).id);
}

function sameSource(a: ProviderSource, b: ProviderSource): boolean {
  return a.provider === b.provider && a.mode === b.mode;
}

/** A supplier whose offer ids carry its source, in and out. */
export function sourced(supplier: FlightSupplier, mode: Mode): SourcedSupplier {
  const source = { provider: supplier.name, mode };
  const prefix = prefixOf(source);
  // An id of another source, or one no provider makes, is unknown here: it never reaches the
  // supplier, which would hand it to its SDK.
  const inner = (offerId: string) => {
    const parsed = parseOfferId(offerId);
    if (!sameSource(parsed.source, source) || !PROVIDER_ID.test(parsed.id)) {
      throw new SupplierError('not_found', 'No offer, order or cancellation has this id.');
    }
    return parsed.id;
  };
  const outer = <T extends { id: string }>(offer: T): T => ({ ...offer, id: prefix + offer.id });
  const outerOrder = (order: SupplierOrder): SupplierOrder => ({
    ...order,
    id: prefix + order.id,
  });
  const outerCancellation = (cancellation: SupplierCancellation): SupplierCancellation => ({
    ...cancellation,
    id: prefix + cancellation.id,
    orderId: prefix + cancellation.orderId,
  });
  if (prefix === '') return { ...supplier, source };
  const pricer = supplier.searchPrices?.bind(supplier);
  const refused = supplier.ordersRefused?.bind(supplier);
  const foundAtOnce = supplier.ordersFoundAtOnce?.bind(supplier);
  return {
    source,
    name: supplier.name,
    live: supplier.live,
    ...(supplier.searchWindowMs === undefined ? {} : { searchWindowMs: supplier.searchWindowMs }),
    ...(supplier.offerIsStable === undefined ? {} : { offerIsStable: supplier.offerIsStable }),
    ...(supplier.pricesInAccountCurrency === undefined
      ? {}
      : { pricesInAccountCurrency: supplier.pricesInAccountCurrency }),
    listAirports: () => supplier.listAirports(),
    ...(supplier.airlineLogo
      ? { airlineLogo: (code: string) => supplier.airlineLogo?.(code) }
      : {}),
    search: async (request) => {
      const result = await supplier.search(request);
      return { ...result, offers: result.offers.map(outer) };
    },
    // Its copy on a search thread gives its offers the same ids.
    ...(supplier.threading ? { threading: prefixed(supplier.threading, prefix) } : {}),
    ...(pricer ? { searchPrices: (request: SupplierSearch) => pricer(request) } : {}),
    ...(refused ? { ordersRefused: (offerId: string) => refused(inner(offerId)) } : {}),
    ...(foundAtOnce ? { ordersFoundAtOnce: (offerId: string) => foundAtOnce(inner(offerId)) } : {}),
    getOffer: async (offerId) => outer(await supplier.getOffer(inner(offerId))),
    getSeatMaps: (offerId) => supplier.getSeatMaps(inner(offerId)),
    createOrder: async (input) =>
      outerOrder(await supplier.createOrder({ ...input, offerId: inner(input.offerId) })),
    getOrder: async (orderId) => outerOrder(await supplier.getOrder(inner(orderId))),
    findOrderByReference: async (reference, hint) => {
      const order = await supplier.findOrderByReference(reference, hint);
      return order ? outerOrder(order) : null;
    },
    quoteCancellation: async (orderId) =>
      outerCancellation(await supplier.quoteCancellation(inner(orderId))),
    confirmCancellation: async (id) =>
      outerCancellation(await supplier.confirmCancellation(inner(id))),
    getCancellation: async (id) => outerCancellation(await supplier.getCancellation(inner(id))),
    listCancellations: async (orderId) =>
      (await supplier.listCancellations(inner(orderId))).map(outerCancellation),
    ...(supplier.listAirlineChanges
      ? {
          listAirlineChanges: async (orderId: string) =>
            (await supplier.listAirlineChanges?.(inner(orderId))) ?? [],
        }
      : {}),
  };
}

interface ModeProviderNames {
  flights: string | null;
  payments: string | null;
}

export interface ProviderRegistry {
  /** The mode now, as the database has it (cached for at most MODE_CACHE_MS). */
  mode(): Promise<Mode>;
  /** Forgets the cached mode: this process has just changed it. */
  forgetMode(): void;
  /** The mode's flight supplier, or null when the mode has none. */
  flights(mode: Mode): SourcedSupplier | null;
  /** The mode's card processor, or null when the mode has none. */
  payments(mode: Mode): PaymentProvider | null;
  /** The supplier that answers for a recorded source (a booking's, an offer's). */
  flightsFor(source: ProviderSource): SourcedSupplier;
  /** Every flight supplier configured in any mode, the built-in sandbox included, once each. */
  allFlights(): SourcedSupplier[];
  paymentsFor(source: ProviderSource): PaymentProvider;
  /** Every card processor configured in any mode, once each (the hold sweep asks them all). */
  paymentProviders(): { source: ProviderSource; provider: PaymentProvider }[];
  /** Which providers each mode has, for the admin console. */
  names(): Record<Mode, ModeProviderNames>;
}

export interface RegistryOptions {
  flights: Partial<Record<Mode, FlightSupplier>>;
  payments: Partial<Record<Mode, PaymentProvider>>;
  /** Reads the stored mode (the settings table). */
  readMode: () => Promise<Mode>;
  /**
   * The built-in sandboxes, which need no configuration: what they made in test mode stays
   * reachable (viewed, cancelled, refunded) after Duffel or Stripe take test mode over.
   */
  builtIn?: { flights?: FlightSupplier; payments?: PaymentProvider };
  /** Epoch milliseconds. */
  clock: () => number;
}

export function createProviderRegistry(options: RegistryOptions): ProviderRegistry {
  const flights = new Map<Mode, SourcedSupplier>();
  for (const mode of MODES) {
    const supplier = options.flights[mode];
    if (supplier) flights.set(mode, sourced(supplier, mode));
  }
  const builtInFlights = options.builtIn?.flights ? sourced(options.builtIn.flights, 'test') : null;
  const builtInPayments = options.builtIn?.payments ?? null;
  // The mode is this process's only entry; a read in progress is shared by the requests that
  // arrive meanwhile, and one that forgetMode overtook answers its callers but is not kept.
  const storedMode = new LRUCache<'mode', Mode>({
    max: 1,
    // lru-cache serves an entry while no more than `ttl` ms have passed since it was stored: one
    // less than MODE_CACHE_MS, so the mode is read again once MODE_CACHE_MS have passed.
    ttl: MODE_CACHE_MS - 1,
    perf: { now: options.clock },
    // Read the clock at every look-up rather than once per millisecond of real time.
    ttlResolution: 0,
    ignoreFetchAbort: true,
    fetchMethod: () => options.readMode(),
  });

  const missingFlights = () => registryErrors.notConfigured(providerMessages.providerGone);

  const registry: ProviderRegistry = {
    mode: () => storedMode.forceFetch('mode'),
    forgetMode() {
      storedMode.clear();
    },
    flights: (mode) => flights.get(mode) ?? null,
    payments: (mode) => options.payments[mode] ?? null,
    flightsFor(source) {
      const supplier = flights.get(source.mode);
      if (supplier && sameSource(supplier.source, source)) return supplier;
      // The sandbox's test bookings stay reachable once Duffel answers test mode.
      if (builtInFlights && sameSource(builtInFlights.source, source)) return builtInFlights;
      throw missingFlights();
    },
    allFlights() {
      const all = [...flights.values()];
      if (builtInFlights && !all.some((s) => sameSource(s.source, builtInFlights.source)))
        all.push(builtInFlights);
      return all;
    },
    paymentsFor(source) {
      const provider = options.payments[source.mode];
      if (provider?.name === source.provider) return provider;
      if (source.mode === 'test' && builtInPayments?.name === source.provider)
        return builtInPayments;
      throw registryErrors.notConfigured(providerMessages.providerGone);
    },
    paymentProviders() {
      const seen = new Set<PaymentProvider>();
      const all: { source: ProviderSource; provider: PaymentProvider }[] = [];
      const entries: [Mode, PaymentProvider | undefined][] = [
        ...MODES.map((mode): [Mode, PaymentProvider | undefined] => [mode, options.payments[mode]]),
        ['test', builtInPayments ?? undefined],
      ];
      for (const [mode, provider] of entries) {
        if (!provider || seen.has(provider)) continue;
        seen.add(provider);
        all.push({ source: { provider: provider.name, mode }, provider });
      }
      return all;
    },
    names: () =>
      Object.fromEntries(
        MODES.map((mode) => [
          mode,
          {
            flights: options.flights[mode]?.name ?? null,
            payments: options.payments[mode]?.name ?? null,
          },
        ]),
      ) as Record<Mode, ModeProviderNames>,
  };
  return registry;
}

/** The flight supplier of the mode now; 503 when the mode has none. */
export async function currentFlights(registry: ProviderRegistry): Promise<SourcedSupplier> {
  const supplier = registry.flights(await registry.mode());
  if (!supplier) throw registryErrors.notConfigured(providerMessages.flightsMissing);
  return supplier;
}

/**
 * The supplier of an offer, provided the offer comes from the mode now and its provider: an offer
 * found before a switch between test and live is a 409, whatever the traveller does with it. An
 * id no source we have could have made (a provider never set up, a path in place of an id) is
 * answered as an offer the supplier does not know, and no provider is asked.
 */
export async function offerFlights(
  registry: ProviderRegistry,
  offerId: string,
): Promise<SourcedSupplier> {
  const supplier = await currentFlights(registry);
  const { source } = parseOfferId(offerId);
  const known = registry.allFlights().some((candidate) => sameSource(candidate.source, source));
  if (!known || !isProviderId(offerId)) throw registryErrors.offerNotFound();
  if (!sameSource(source, supplier.source)) throw registryErrors.modeChanged();
  return supplier;
}

/** The card processor of the mode now; 503 when the mode has none. */
export async function currentPayments(
  registry: ProviderRegistry,
): Promise<{ mode: Mode; provider: PaymentProvider }> {
  const mode = await registry.mode();
  const provider = registry.payments(mode);
  if (!provider) {
    throw registryErrors.notConfigured(providerMessages.paymentsMissing);
  }
  return { mode, provider };
}

/**
 * One FlightSupplier over the registry, for the services that book, pay and cancel: a search goes
 * to the mode now; an offer, only to the supplier of the mode now that made it (409 mode_changed
 * otherwise, so nothing is held or charged for an offer found before a switch); an order or a
 * cancellation, to the supplier its id names, whatever the mode now (test bookings stay viewable
 * and cancellable after the switch to live).
 */
export function modeFollowingFlights(
  registry: ProviderRegistry,
  reference: Pick<FlightSupplier, 'listAirports' | 'airlineLogo'>,
): FlightSupplier {
  const byId = (id: string) => registry.flightsFor(parseOfferId(id).source);
  return {
    name: 'by-mode',
    live: false,
    listAirports: () => reference.listAirports(),
    ...(reference.airlineLogo
      ? { airlineLogo: (code: string) => reference.airlineLogo?.(code) }
      : {}),
    search: async (request) => (await currentFlights(registry)).search(request),
    getOffer: async (offerId) => (await offerFlights(registry, offerId)).getOffer(offerId),
    getSeatMaps: async (offerId) => (await offerFlights(registry, offerId)).getSeatMaps(offerId),
    createOrder: async (input) => (await offerFlights(registry, input.offerId)).createOrder(input),
    ordersRefused: async (offerId) =>
      (await offerFlights(registry, offerId)).ordersRefused?.(offerId) ?? null,
    // The supplier that made the offer says; one no longer configured cannot, so a booking it
    // left uncertain stays uncertain (never released on a guess).
    ordersFoundAtOnce: (offerId) => {
      const source = parseOfferId(offerId).source;
      const made = registry.allFlights().find((supplier) => sameSource(supplier.source, source));
      return made?.ordersFoundAtOnce?.(offerId) ?? false;
    },
    getOrder: async (orderId) => byId(orderId).getOrder(orderId),
    // Our booking id is unique: whichever supplier has an order for it made it.
    async findOrderByReference(bookingId, hint) {
      for (const supplier of registry.allFlights()) {
        const order = await supplier.findOrderByReference(bookingId, hint);
        if (order) return order;
      }
      return null;
    },
    quoteCancellation: async (orderId) => byId(orderId).quoteCancellation(orderId),
    confirmCancellation: async (cancellationId) =>
      byId(cancellationId).confirmCancellation(cancellationId),
    getCancellation: async (cancellationId) => byId(cancellationId).getCancellation(cancellationId),
    listCancellations: async (orderId) => byId(orderId).listCancellations(orderId),
    listAirlineChanges: async (orderId) =>
      (await byId(orderId).listAirlineChanges?.(orderId)) ?? [],
  };
}

/** A supplier's threading with its copies' offer ids given `prefix`, as the original's are. */
function prefixed(threading: SupplierThreading, prefix: string): SupplierThreading {
  return {
    setup: { ...threading.setup, idPrefix: prefix },
    serve: (name, args) => threading.serve(name, args),
  };
}
