import { createHmac } from 'node:crypto';

/**
 * Stripe's webhook signature: `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<raw body>" keyed with the endpoint's whsec_ secret>`, which the SDKs' `constructEvent`
 * checks on the raw body.
 */
export function signatureHeader(payload: string, secret: string, timestamp: number): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

export interface WebhookEndpoint {
  url: string;
  /** The endpoint's signing secret (`whsec_…`). */
  secret: string;
  /** Event types to send (`*` for all, the default). */
  enabledEvents?: readonly string[];
  /**
   * Waits between attempts after a failure (an answer other than 2xx, or none); Stripe retries
   * for days, a test wants milliseconds. Default [1000, 5000, 30000]: four attempts in all.
   */
  retryDelaysMs?: readonly number[];
  /** How long an attempt may take (default 10 s, as at Stripe). */
  timeoutMs?: number;
}

export interface DeliveryAttempt {
  at: string;
  /** The endpoint's HTTP status, or null when it could not be reached in time. */
  status: number | null;
  error?: string;
}

export interface WebhookDelivery {
  eventId: string;
  type: string;
  attempts: DeliveryAttempt[];
  state: 'pending' | 'delivered' | 'failed';
}

interface QueuedEvent {
  delivery: WebhookDelivery;
  payload: string;
}

/**
 * Posts events to one endpoint, one at a time in the order they happened (Stripe does not promise
 * an order, but a test that reads deliveries is easier to follow this way), retrying failures.
 */
export class WebhookSender {
  private readonly queue: QueuedEvent[] = [];
  private readonly all: WebhookDelivery[] = [];
  private running: Promise<void> | null = null;
  private closed = false;
  private readonly aborter = new AbortController();
  private readonly waiters = new Set<() => void>();
  /** Pending waits between attempts, so that closing ends them at once. */
  private readonly timers = new Map<NodeJS.Timeout, () => void>();

  constructor(
    private readonly endpoint: WebhookEndpoint,
    private readonly now: () => Date,
  ) {}

  wants(type: string): boolean {
    const enabled = this.endpoint.enabledEvents ?? ['*'];
    return enabled.includes('*') || enabled.includes(type);
  }

  send(eventId: string, type: string, payload: string): WebhookDelivery {
    const delivery: WebhookDelivery = { eventId, type, attempts: [], state: 'pending' };
    this.all.push(delivery);
    this.queue.push({ delivery, payload });
    this.running ??= this.drain().finally(() => {
      this.running = null;
      for (const wake of this.waiters) wake();
    });
    return delivery;
  }

  deliveries(): readonly WebhookDelivery[] {
    return this.all;
  }

  /** Resolves once every event sent so far has been delivered or has run out of attempts. */
  async idle(): Promise<void> {
    while (this.running) {
      const current = this.running;
      await new Promise<void>((resolve) => {
        this.waiters.add(resolve);
        void current.finally(() => this.waiters.delete(resolve));
      });
    }
  }

  close(): void {
    this.closed = true;
    this.aborter.abort();
    this.queue.length = 0;
    for (const [timer, resolve] of this.timers) {
      clearTimeout(timer);
      resolve();
    }
    this.timers.clear();
  }

  private isClosed(): boolean {
    return this.closed;
  }

  private async drain(): Promise<void> {
    for (let next = this.queue.shift(); next && !this.closed; next = this.queue.shift()) {
      await this.deliver(next);
    }
  }

  private async deliver({ delivery, payload }: QueuedEvent): Promise<void> {
    const delays = this.endpoint.retryDelaysMs ?? [1000, 5000, 30000];
    for (let attempt = 0; attempt <= delays.length && !this.closed; attempt += 1) {
      if (attempt > 0) {
        await this.sleep(delays[attempt - 1] ?? 0);
        // Closing may have come during the wait.
        if (this.isClosed()) return;
      }
      const result = await this.post(payload);
      delivery.attempts.push(result);
      if (result.status !== null && result.status >= 200 && result.status < 300) {
        delivery.state = 'delivered';
        return;
      }
    }
    if (!this.closed) delivery.state = 'failed';
  }

  private async post(payload: string): Promise<DeliveryAttempt> {
    const at = this.now();
    // Signed at sending time, as Stripe does for every attempt: a retry carries a fresh timestamp.
    const signature = signatureHeader(
      payload,
      this.endpoint.secret,
      Math.floor(at.getTime() / 1000),
    );
    try {
      const response = await fetch(this.endpoint.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'stripe-signature': signature,
        },
        body: payload,
        signal: AbortSignal.any([
          AbortSignal.timeout(this.endpoint.timeoutMs ?? 10_000),
          this.aborter.signal,
        ]),
      });
      await response.arrayBuffer();
      return { at: at.toISOString(), status: response.status };
    } catch (error) {
      return {
        at: at.toISOString(),
        status: null,
        error: error instanceof Error ? error.message : String(error),
      };
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve();
      }, ms);
      this.timers.set(timer, resolve);
    });
  }
}
