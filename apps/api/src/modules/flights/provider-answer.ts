// A provider's answer to one search, as a process holds it: packed (gzipped JSON) for sharing
// between travellers and processes, its offers once read, and the traveller's answer already made
// from it where a search thread made both at once (or only that answer, where the supplier wrote
// it itself: `FlightSupplier.answerSearch`). Whoever needs the offers, the packed bytes or a
// brand's answer asks for them; what is not needed is never made.
import { promisify } from 'node:util';
import { gunzip, gzip, gzipSync, constants as zlib } from 'node:zlib';
import { departsTooSoon } from '@contrail/contracts/offers';
import { JsonAnswer } from '../../lib/json-answer';
import type { AnswerTerms, SupplierPrices } from '../../providers/flights/flight-supplier';
import { supplierAnswerSchema, type SupplierAnswer } from './flights.table';
import { searchAnswerJson } from './search-answer';

const zip = promisify(gzip);
const unzip = promisify(gunzip);

/**
 * Level 1: the offers' repetitive JSON still shrinks about tenfold, at a fraction of the default
 * level's cost.
 */
const PACK_OPTIONS = { level: zlib.Z_BEST_SPEED };

/** The answer packed in libuv's thread pool, so the event loop spends no time on a megabyte. */
export function pack(answer: SupplierAnswer): Promise<Buffer> {
  return zip(JSON.stringify(answer), PACK_OPTIONS);
}

/** The same on the calling thread: a search thread's own work. */
export function packNow(answer: SupplierAnswer): Buffer {
  return gzipSync(JSON.stringify(answer), PACK_OPTIONS);
}

/**
 * A packed answer read back; `mustCheck`: held to the answer's schema (bytes another process,
 * maybe of another version, wrote). Null when it cannot be read as this version's answer.
 */
export async function unpack(bytes: Buffer, mustCheck: boolean): Promise<SupplierAnswer | null> {
  try {
    const parsed: unknown = JSON.parse((await unzip(bytes)).toString('utf8'));
    if (!mustCheck) return parsed as SupplierAnswer;
    const result = supplierAnswerSchema.safeParse(parsed);
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

/** A brand's answer to a search and the provider's prices it came from. */
export interface Priced {
  answer: JsonAnswer;
  /** The provider's prices of the offers answered (none leaving too soon), for the date strip. */
  prices: SupplierPrices;
}

/** What a brand's answer depends on besides the offers: its markup and currency, not the instant. */
function termsKey(terms: Pick<AnswerTerms, 'markupPercent' | 'currency'>): string {
  return `${terms.markupPercent}|${terms.currency}`;
}

/** The prices of the offers that do not leave too soon after `at` (`SupplierPrices`). */
export function pricesOf(
  answer: SupplierAnswer,
  at: number,
  fallbackCurrency: string,
): SupplierPrices {
  const offers = answer.offers.filter((offer) => !departsTooSoon(offer, at));
  return {
    currency: offers[0]?.total_currency ?? fallbackCurrency,
    prices: offers.map(({ base_amount, tax_amount, total_amount }) => ({
      base_amount,
      tax_amount,
      total_amount,
    })),
  };
}

/** The answer as the JSON of the brand's `SearchResults`, and its prices. */
export function pricedJson(
  answer: SupplierAnswer,
  terms: AnswerTerms,
): { json: string; prices: SupplierPrices } {
  return {
    json: searchAnswerJson(answer, terms),
    prices: pricesOf(answer, terms.at, terms.currency),
  };
}

export class ProviderAnswer {
  private packing: Promise<Buffer> | undefined;
  private reading: Promise<SupplierAnswer | null> | undefined;

  private constructor(
    packed: Buffer | undefined,
    offers: SupplierAnswer | undefined,
    private readonly mustCheck: boolean,
    private readonly made:
      { terms: string; answer: JsonAnswer; prices?: SupplierPrices } | undefined,
  ) {
    if (packed) this.packing = Promise.resolve(packed);
    if (offers) this.reading = Promise.resolve(offers);
  }

  /** The offers as the provider answered them on this thread. */
  static ofOffers(answer: SupplierAnswer): ProviderAnswer {
    return new ProviderAnswer(undefined, answer, false, undefined);
  }

  /**
   * Packed bytes as stored, read when needed; `mustCheck` where they must be held to the schema
   * once read (bytes another process, maybe of another version, wrote).
   */
  static ofPacked(packed: Buffer, mustCheck: boolean): ProviderAnswer {
    return new ProviderAnswer(packed, undefined, mustCheck, undefined);
  }

  /** Packed bytes as stored and the offers already read (and checked) from them. */
  static ofStored(packed: Buffer, answer: SupplierAnswer): ProviderAnswer {
    return new ProviderAnswer(packed, answer, false, undefined);
  }

  /** Made on a search thread: the packed answer and one brand's answer made from it. */
  static made(packed: Buffer, terms: AnswerTerms, priced: Priced): ProviderAnswer {
    return new ProviderAnswer(packed, undefined, false, { terms: termsKey(terms), ...priced });
  }

  /**
   * The brand's answer as the supplier wrote it (`FlightSupplier.answerSearch`): no offers, no
   * packed bytes, no prices to make another brand's answer from (the supplier is asked again).
   */
  static written(answer: JsonAnswer, terms: AnswerTerms): ProviderAnswer {
    return new ProviderAnswer(undefined, undefined, false, { terms: termsKey(terms), answer });
  }

  /** The packed bytes, made once. */
  packed(): Promise<Buffer> {
    this.packing ??= this.offers().then((answer) => {
      if (!answer) throw new Error('a provider answer with neither offers nor bytes');
      return pack(answer);
    });
    return this.packing;
  }

  /** The offers, read once; null when stored bytes cannot be read as this version's answer. */
  offers(): Promise<SupplierAnswer | null> {
    this.reading ??= (this.packing ?? Promise.reject(new Error('an empty provider answer'))).then(
      (bytes) => unpack(bytes, this.mustCheck),
    );
    return this.reading;
  }

  /** The brand's answer where it was made with the answer (same markup and currency). */
  madeFor(terms: AnswerTerms): JsonAnswer | undefined {
    return this.made?.terms === termsKey(terms) ? this.made.answer : undefined;
  }

  /** The provider's prices, whichever brand they were first made for (they carry no markup). */
  madePrices(): SupplierPrices | undefined {
    return this.made?.prices;
  }

  /** Whether the offers are at hand without reading anything. */
  get offersRead(): boolean {
    return this.reading !== undefined;
  }
}

/** `pricedJson` as a brand's answer, on the calling thread. */
function pricedNow(answer: SupplierAnswer, terms: AnswerTerms): Priced {
  const { json, prices } = pricedJson(answer, terms);
  return { answer: new JsonAnswer(json), prices };
}

/** A brand's answer made from a provider's answer read on the calling thread. */
export async function pricedHere(answer: ProviderAnswer, terms: AnswerTerms): Promise<Priced> {
  const offers = await answer.offers();
  if (!offers) throw new Error('a stored search answer could not be read');
  return pricedNow(offers, terms);
}
