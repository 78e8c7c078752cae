/**
 * The event endpoints: one event, and the list of them by `created` and type (`type` or
 * `types[]`, a trailing `*` matching a prefix).
 */
import type { StripeAccount } from './account';
import { renderEvent } from './account-ledger';
import type { Call } from './endpoint';
import type { EndpointKit } from './endpoint-kit';
import { inRange } from './params';

/** The event endpoints of one account. */
export function eventEndpoints(account: StripeAccount, kit: EndpointKit) {
  const { paginate, list, ofMode } = kit;

  function retrieveEvent(call: Call): unknown {
    const event = account.find(account.events, 'event', call.path.id ?? '', 'id', call.info.mode);
    return renderEvent(event);
  }

  function listEvents(call: Call): unknown {
    const type = call.params.string('type');
    const types = call.params.stringArray('types');
    const created = call.params.range('created');
    const typeMatches = (pattern: string, actual: string) =>
      pattern.endsWith('*') ? actual.startsWith(pattern.slice(0, -1)) : pattern === actual;
    const items = ofMode(call, account.events.values()).filter(
      (event) =>
        inRange(event.created, created) &&
        (type === undefined || typeMatches(type, event.type)) &&
        (types === undefined || types.some((pattern) => typeMatches(pattern, event.type))),
    );
    const page = paginate(call, items, account.events, 'event');
    return list(
      '/v1/events',
      page.data.map((event) => renderEvent(event)),
      page.hasMore,
    );
  }

  return { retrieveEvent, listEvents };
}
