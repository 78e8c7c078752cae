/**
 * What an account holds and how it tells of a change: its objects of each kind (test and live
 * kept apart), the stamp every new one gets, finding one of a request's mode, and the events each
 * change sends, rendered as Stripe renders them.
 */
import { newId } from './ids';
import { noSuch } from './errors';
import type { Lookup, RenderContext } from './expand';
import { renderCharge, renderDispute, renderPaymentIntent } from './objects';
import type {
  ChargeRecord,
  DisputeRecord,
  EventRecord,
  IntentRecord,
  PaymentMethodRecord,
  RefundRecord,
} from './records';

export type Mode = 'test' | 'live';

/** Who asked: the key's mode, the request's id and idempotency key, its API version. */
export interface RequestInfo {
  mode: Mode;
  requestId: string | null;
  idempotencyKey: string | null;
  version: string;
}

export interface AccountOptions {
  clock: () => Date;
  /** How long an uncaptured card authorisation lasts (Stripe: 7 days). */
  authorizationLifetimeMs: number;
  /** The API version webhook events are rendered in. */
  eventApiVersion: string;
  /** Where the sandbox answers, for the 3-D Secure page a `next_action` points at. */
  publicUrl: () => string;
  /** Every event, as it happens (the server posts them to the webhook endpoint). */
  onEvent: (event: EventRecord) => void;
}

/** The account's objects and its events; the steps that change them build on it. */
export class AccountLedger {
  readonly intents = new Map<string, IntentRecord>();
  readonly charges = new Map<string, ChargeRecord>();
  readonly paymentMethods = new Map<string, PaymentMethodRecord>();
  readonly refunds = new Map<string, RefundRecord>();
  readonly disputes = new Map<string, DisputeRecord>();
  readonly events = new Map<string, EventRecord>();
  private seq = 0;

  readonly lookup: Lookup = {
    intent: (id) => this.intents.get(id),
    charge: (id) => this.charges.get(id),
    paymentMethod: (id) => this.paymentMethods.get(id),
    refund: (id) => this.refunds.get(id),
  };

  constructor(protected readonly options: AccountOptions) {}

  protected nowMs(): number {
    return this.options.clock().getTime();
  }

  protected nowSeconds(): number {
    return Math.floor(this.nowMs() / 1000);
  }

  protected stamp(prefix: string, livemode: boolean) {
    this.seq += 1;
    return { id: newId(prefix), livemode, created: this.nowSeconds(), seq: this.seq };
  }

  ctx(version: string, expand: readonly string[] = []): RenderContext {
    return { version, expand, lookup: this.lookup };
  }

  /** Finds an object of the request's mode; one of the other mode is named in the answer. */
  find<T extends { livemode: boolean }>(
    map: ReadonlyMap<string, T>,
    kind: string,
    id: string,
    param: string,
    mode: Mode,
  ): T {
    const found = map.get(id);
    if (found && found.livemode === (mode === 'live')) return found;
    throw noSuch(kind, id, param, found ? (found.livemode ? 'live' : 'test') : undefined);
  }

  // --- events -----------------------------------------------------------------------------

  protected emit(
    type: string,
    object: Record<string, unknown>,
    livemode: boolean,
    req: RequestInfo | null,
    previousAttributes: Record<string, unknown> | null = null,
  ): void {
    const event: EventRecord = {
      ...this.stamp('evt', livemode),
      type,
      apiVersion: this.options.eventApiVersion,
      object,
      previousAttributes,
      request: { id: req?.requestId ?? null, idempotency_key: req?.idempotencyKey ?? null },
    };
    this.events.set(event.id, event);
    this.options.onEvent(event);
  }

  protected emitIntent(
    type: string,
    intent: IntentRecord,
    req: RequestInfo | null,
    previous?: Record<string, unknown>,
  ) {
    this.emit(
      type,
      renderPaymentIntent(intent, this.ctx(this.options.eventApiVersion)),
      intent.livemode,
      req,
      previous ?? null,
    );
  }

  protected emitCharge(
    type: string,
    charge: ChargeRecord,
    req: RequestInfo | null,
    previous?: Record<string, unknown>,
  ) {
    this.emit(
      type,
      renderCharge(charge, this.ctx(this.options.eventApiVersion)),
      charge.livemode,
      req,
      previous ?? null,
    );
  }

  protected emitDispute(
    type: string,
    dispute: DisputeRecord,
    req: RequestInfo | null,
    previous?: Record<string, unknown>,
  ) {
    this.emit(
      type,
      renderDispute(dispute, this.ctx(this.options.eventApiVersion)),
      dispute.livemode,
      req,
      previous ?? null,
    );
  }
}

/** An event as Stripe sends it and as `GET /v1/events/{id}` answers it. */
export function renderEvent(event: EventRecord, pendingWebhooks = 0): Record<string, unknown> {
  return {
    id: event.id,
    object: 'event',
    api_version: event.apiVersion,
    created: event.created,
    data: {
      object: event.object,
      ...(event.previousAttributes ? { previous_attributes: event.previousAttributes } : {}),
    },
    livemode: event.livemode,
    pending_webhooks: pendingWebhooks,
    request: event.request,
    type: event.type,
  };
}
