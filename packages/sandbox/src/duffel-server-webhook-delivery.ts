/**
 * Delivering webhook events as Duffel does: each event POSTed as JSON to each endpoint, signed
 * in `X-Duffel-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` with the
 * endpoint's secret, and tried again with growing delays while the endpoint answers other than
 * 2xx or cannot be reached. Duffel promises at least one delivery and no order; on request the
 * stand-in delivers each event twice, or lets the next event overtake it, for receivers to test.
 */
import { createHmac } from 'node:crypto';

export interface WebhookDeliveryOptions {
  /**
   * The waits before each new attempt after a failed one; by default 1 minute doubling 12 times
   * (about 68 hours, as Duffel retries for 72). Tests give a few milliseconds.
   */
  readonly retryDelaysMs?: readonly number[];
  /** How long an attempt waits for the endpoint's answer (default 10 s). */
  readonly timeoutMs?: number;
  /** Each event delivered twice (the same event, same id), as at-least-once allows. */
  readonly duplicate?: boolean;
  /**
   * Each event held until the next one comes and delivered after it (or alone, `holdMs`
   * later, default 1000 ms, when none comes), as Duffel keeps no order.
   */
  readonly outOfOrder?: boolean;
  readonly holdMs?: number;
}

/** One event bound for one endpoint. */
export interface Delivery {
  readonly event: { readonly id: string; readonly type: string };
  readonly endpoint: { readonly id: string; readonly url: string; readonly secret: string };
}

/** One attempt's outcome, as the stand-in records it. */
export interface DeliveryAttempt {
  readonly event_id: string;
  readonly endpoint_id: string;
  readonly type: string;
  readonly url: string;
  readonly response_status_code: number | null;
  readonly delivery_success: boolean;
  readonly created_at: string;
}

/** The `v1` of Duffel's signature: lowercase hex HMAC-SHA256 of `<timestamp>.<raw body>`. */
export function webhookSignature(secret: string, timestamp: string, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

const defaultRetryDelaysMs = Array.from({ length: 12 }, (_, i) => 60_000 * 2 ** i);

/** The delivery of one server's events, and a way to wait until every delivery is done. */
export function webhookDelivery(options: WebhookDeliveryOptions, clock: () => Date) {
  const retryDelaysMs = options.retryDelaysMs ?? defaultRetryDelaysMs;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const pending = new Set<Promise<void>>();
  /** The retries' waits, each with what ends it early (closing the server). */
  const waits = new Map<NodeJS.Timeout, () => void>();
  const attempts: DeliveryAttempt[] = [];
  /** First attempts go one after another, so that an order of events is the order received. */
  let line: Promise<void> = Promise.resolve();
  let held: { deliveries: Delivery[]; timer: NodeJS.Timeout } | null = null;
  let closed = false;
  const isClosed = () => closed;

  function wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        waits.delete(timer);
        resolve();
      }, ms);
      timer.unref();
      waits.set(timer, resolve);
    });
  }

  async function attempt({ event, endpoint }: Delivery, body: string): Promise<boolean> {
    const timestamp = String(Math.floor(clock().getTime() / 1000));
    let status: number | null = null;
    try {
      const response = await fetch(endpoint.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-duffel-signature': `t=${timestamp},v1=${webhookSignature(endpoint.secret, timestamp, body)}`,
        },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = response.status;
      await response.arrayBuffer();
    } catch {
      // Refused, unreachable or too slow: an attempt failed with no status.
    }
    const success = status !== null && status >= 200 && status < 300;
    attempts.push({
      event_id: event.id,
      endpoint_id: endpoint.id,
      type: event.type,
      url: endpoint.url,
      response_status_code: status,
      delivery_success: success,
      created_at: clock().toISOString(),
    });
    return success;
  }

  function start(delivery: Delivery): void {
    const body = JSON.stringify(delivery.event);
    const first = line.then(() => attempt(delivery, body));
    line = first.then(() => undefined);
    const run = (async () => {
      let delivered = await first;
      for (const delay of retryDelaysMs) {
        if (delivered || isClosed()) return;
        await wait(delay);
        if (isClosed()) return;
        delivered = await attempt(delivery, body);
      }
    })();
    pending.add(run);
    void run.finally(() => pending.delete(run));
  }

  function release(): void {
    if (held === null) return;
    clearTimeout(held.timer);
    const { deliveries } = held;
    held = null;
    deliveries.forEach(start);
  }

  /** One event to its endpoints (twice each, or after the next event, where asked). */
  function send(deliveries: readonly Delivery[]): void {
    const copies = options.duplicate ? deliveries.flatMap((d) => [d, d]) : [...deliveries];
    if (!options.outOfOrder) {
      copies.forEach(start);
      return;
    }
    const before = held;
    if (before !== null) {
      clearTimeout(before.timer);
      held = null;
      copies.forEach(start);
      before.deliveries.forEach(start);
      return;
    }
    const timer = setTimeout(release, options.holdMs ?? 1000);
    timer.unref();
    held = { deliveries: copies, timer };
  }

  return {
    send,
    attempts: () => [...attempts],
    /** Resolves once every event is delivered or out of attempts (a held event let go). */
    async settled(): Promise<void> {
      release();
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    close(): void {
      closed = true;
      if (held !== null) clearTimeout(held.timer);
      held = null;
      for (const [timer, resolve] of waits) {
        clearTimeout(timer);
        resolve();
      }
      waits.clear();
    },
  };
}
