import {
  checkDuffelSignature,
  DuffelSignatureError,
} from '../../providers/flights/duffel/duffel-webhook-signature';
import { airlineChangeChecks } from './airline-change-checks';
import { bookingErrors } from './bookings.errors';
import { handleAirlineChange, type DuffelEventDeps } from './duffel-event-handlers';
import { readDuffelEvent, type DuffelEvent } from './duffel-webhook-payloads';
import type { DuffelWebhookEventsRepository } from './duffel-webhook-events.repository';

export interface DuffelWebhooksService {
  /**
   * Handles one webhook delivery: the signature is checked on the raw body (400 when unsigned,
   * signed with another secret, altered, or more than five minutes from now either way), an event
   * whose `live_mode` is not its secret's mode is refused too, a repeated event changes nothing,
   * and what an event means for a booking is recorded. Answers whether the event was new.
   */
  receive(rawBody: Buffer, signature: string | string[] | undefined): Promise<{ repeat: boolean }>;
  /** Asks Duffel the changes of the bookings due a check (`airline-change-checks.ts`). */
  checkChanges(): Promise<number>;
}

type Mode = 'test' | 'live';

export function createDuffelWebhooksService({
  secrets,
  events,
  supplier,
  clock,
  log,
}: DuffelEventDeps & {
  /** The webhook endpoints' secrets, by the mode whose events each endpoint receives. */
  secrets: Partial<Record<Mode, string>>;
}): DuffelWebhooksService {
  /** The mode of the secret that signed the body; a refusal says why, never the body or secret. */
  function signedMode(rawBody: Buffer, signature: string | string[] | undefined): Mode {
    let reason = 'no Duffel webhook secret is configured';
    for (const mode of ['test', 'live'] as const) {
      const secret = secrets[mode];
      if (!secret) continue;
      try {
        checkDuffelSignature(rawBody, signature, secret, clock);
        return mode;
      } catch (error) {
        if (!(error instanceof DuffelSignatureError)) throw error;
        reason = error.message;
      }
    }
    log.warn({ reason }, 'Duffel webhook refused');
    throw bookingErrors.webhookSignature();
  }

  /** The signed body's event, of the secret's own mode. */
  function verified(rawBody: Buffer, signature: string | string[] | undefined): DuffelEvent {
    const mode = signedMode(rawBody, signature);
    const event = readDuffelEvent(rawBody);
    if (!event) {
      log.warn({ mode }, 'Duffel webhook refused: its body is not an event');
      throw bookingErrors.webhookUnreadable();
    }
    if (event.live_mode !== (mode === 'live')) {
      log.warn(
        { eventId: event.id, type: event.type, liveMode: event.live_mode, secretMode: mode },
        'Duffel webhook refused: its live_mode is not its secret’s mode',
      );
      throw bookingErrors.webhookSignature();
    }
    return event;
  }

  type Row = Parameters<DuffelWebhookEventsRepository['record']>[0];

  const checks = airlineChangeChecks({ events, supplier, clock, log });
  return {
    checkChanges: () => checks.checkDue(),
    async receive(rawBody, signature) {
      const event = verified(rawBody, signature);
      const base: Row = {
        id: event.id,
        type: event.type,
        liveMode: event.live_mode,
        idempotencyKey: event.idempotency_key ?? null,
        orderId: null,
        bookingId: null,
        createdAt: event.created_at ? new Date(event.created_at) : null,
        receivedAt: clock(),
      };
      const kept = { recorded: false };
      const record = async (extra: Partial<Row>) => {
        kept.recorded = await events.record({ ...base, ...extra });
        return kept.recorded;
      };
      try {
        const fresh =
          event.type === 'order.airline_initiated_change_detected'
            ? await handleAirlineChange(event, record, { events, supplier, clock, log })
            : // A ping, and the other events the endpoint may be sent, are kept so a repeat is known.
              await record({});
        return { repeat: !fresh };
      } catch (error) {
        // Handled only in part: forget the event, so Duffel's retry (a non-2xx answer) redoes it.
        if (kept.recorded) await events.forget(event.id);
        throw error;
      }
    },
  };
}
