// Duffel's searches on a search thread: the thread builds a Duffel supplier of its own from the
// setup below and makes the offer request and reads its pages there, so that reading and mapping
// a 1.5 MB answer of 200 offers costs the thread serving HTTP nothing. What only the supplier
// in the serving thread holds (the rate-limit pauses every process shares, the log, the account
// currency it learns) the copy asks for over the thread's messages.
import { threadId } from 'node:worker_threads';
import type { SupplierLog, SupplierThreading } from '../flight-supplier';
import type { RateLimitPauses } from './rate-limit-pauses';
import type { OfferReplacements } from './offer-replacements';

/** What a search thread builds its Duffel supplier from: structured-cloneable, no functions. */
export interface DuffelThreadSetup {
  readonly kind: 'duffel';
  readonly key: string;
  readonly idPrefix?: string;
  readonly token: string;
  readonly apiUrl: string;
  readonly live: boolean;
  /** As the supplier was given them: the copy takes the same defaults where they are absent. */
  readonly supplierTimeoutMs?: number | undefined;
  readonly searchDeadlineMs?: number | undefined;
  readonly maxRateLimitWaitMs?: number | undefined;
  readonly offerPageSize?: number | undefined;
}

type LogLevel = 'info' | 'warn' | 'error';

/** How the supplier serving HTTP answers its thread copies' calls. */
export function duffelThreading(
  options: Omit<DuffelThreadSetup, 'kind' | 'key' | 'idPrefix'>,
  {
    pauses,
    log,
    noteCurrency,
  }: { pauses: RateLimitPauses; log: SupplierLog; noteCurrency: (currency: string) => void },
): SupplierThreading {
  const mode = options.live ? 'live' : 'test';
  const { token, apiUrl, live, supplierTimeoutMs, searchDeadlineMs } = options;
  const setup: DuffelThreadSetup = {
    kind: 'duffel',
    key: `duffel-${mode}`,
    token,
    apiUrl,
    live,
    supplierTimeoutMs,
    searchDeadlineMs,
    maxRateLimitWaitMs: options.maxRateLimitWaitMs,
    offerPageSize: options.offerPageSize,
  };
  return {
    setup,
    async serve(name, args) {
      switch (name) {
        case 'pauses.find': {
          const pause = await pauses.find(mode);
          return pause ? { until: pause.until.getTime(), requestId: pause.requestId } : null;
        }
        case 'pauses.pause': {
          const [until, requestId] = args as [number, string | null];
          await pauses.pause(mode, { until: new Date(until), requestId });
          return null;
        }
        case 'log': {
          const [level, details, message] = args as [LogLevel, Record<string, unknown>, string];
          if (level === 'info') log.info(details, message);
          else if (level === 'error' && log.error) log.error(details, message);
          else log.warn(details, message);
          return null;
        }
        case 'currency':
          noteCurrency(String(args[0]));
          return null;
        default:
          throw new Error(`a Duffel search thread asked for ${name}`);
      }
    },
  };
}

/** The pieces a thread's Duffel supplier is built with, each asking the supplier it copies. */
export function duffelThreadPieces(call: (name: string, args: unknown[]) => Promise<unknown>): {
  rateLimitPauses: RateLimitPauses;
  log: SupplierLog;
  onCurrency: (currency: string) => void;
  replacements: OfferReplacements;
} {
  const logAt =
    (level: LogLevel) =>
    (details: Record<string, unknown>, message: string): void => {
      // Which thread searched, for whoever reads the log of a slow or failing search.
      void call('log', [level, { ...details, searchThread: threadId }, message]).catch(
        () => undefined,
      );
    };
  const searchesOnly = () =>
    Promise.reject(new Error('a search thread makes searches only, not orders'));
  return {
    rateLimitPauses: {
      async find() {
        const found = (await call('pauses.find', [])) as {
          until: number;
          requestId: string | null;
        } | null;
        return found ? { until: new Date(found.until), requestId: found.requestId } : null;
      },
      async pause(_mode, { until, requestId }) {
        await call('pauses.pause', [until.getTime(), requestId]);
      },
    },
    log: { info: logAt('info'), warn: logAt('warn'), error: logAt('error') },
    onCurrency: (currency) => void call('currency', [currency]).catch(() => undefined),
    // A search never reads nor saves an offer's replacement: that is booking's.
    replacements: { find: searchesOnly, save: searchesOnly },
  };
}
