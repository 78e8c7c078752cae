import { randomInt } from 'node:crypto';
import { enquiryMessages } from '@contrail/contracts/enquiries';
import type { RateLimiter } from '../../lib/rate-limit';
import type { ContentRepository, NewEnquiry } from './content.repository';
import type { EnquiryFields } from './content.columns';

const ENQUIRY_LIMIT = { max: 5, windowMs: 10 * 60 * 1000 };
const NEWSLETTER_LIMIT = { max: 10, windowMs: 60 * 60 * 1000 };
const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function enquiryReference(prefix = 'ENQ'): string {
  let code = '';
  for (let i = 0; i < 8; i += 1)
    code += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)] ?? '';
  return `${prefix}-${code}`;
}

/** What a look-up's stored text keeps of each field at most (the query allows no more). */
const LOOKUP_REFERENCE_MAX = 20;
const LOOKUP_EMAIL_MAX = 254;
const CARD_NUMBER_REMOVED = '[card number removed]';

/**
 * The text as typed, without anything that could be a card number: any run of 12 or more digits,
 * spaces or dashes between them allowed, whether or not it passes Luhn (a card followed by its
 * expiry or code makes a longer run that does not), since someone may paste one into the wrong
 * box and the inbox must never hold one. No booking reference, e-mail address or message needs
 * such a run. Control characters go too; the length is capped.
 */
function withoutCardNumbers(text: string, max: number): string {
  return withoutCardRuns(text.replace(/\p{Cc}/gu, ' ').slice(0, max));
}

function withoutCardRuns(text: string): string {
  return text.replace(/\d(?:[ -]?\d){11,}/g, CARD_NUMBER_REMOVED);
}

/** The free-text fields of a contact or support message, where a card number may be pasted. */
const FREE_TEXT_FIELDS = ['message', 'subject'] as const;

function withFreeTextScrubbed(fields: EnquiryFields): EnquiryFields {
  const scrubbed = { ...fields };
  for (const key of FREE_TEXT_FIELDS) {
    const value = scrubbed[key];
    // Newlines stay in a message: only a card number goes.
    if (typeof value === 'string') scrubbed[key] = withoutCardRuns(value);
  }
  return scrubbed;
}

/** A retrieve-booking look-up as the inbox keeps it: never a password, never a card number. */
interface LookupRequest {
  brandId: string;
  reference: string;
  email: string;
  /** The booking the traveller was shown; null when the answer was "not found". */
  bookingId: string | null;
}

export interface ContentService {
  submitEnquiry(
    input: Omit<NewEnquiry, 'reference' | 'createdAt'>,
    ip: string,
  ): Promise<{ reference: string }>;
  subscribe(brandId: string, email: string, ip: string): Promise<void>;
  /** Keeps a retrieve-booking look-up for the inbox (the caller has rate-limited it). */
  recordLookup(lookup: LookupRequest): Promise<void>;
}

export function createContentService({
  content,
  limiter,
  clock = () => new Date(),
}: {
  content: ContentRepository;
  limiter: RateLimiter;
  clock?: () => Date;
}): ContentService {
  return {
    async submitEnquiry(input, ip) {
      await limiter.consume(`enquiry:ip:${ip}`, ENQUIRY_LIMIT, enquiryMessages.tooManyRequests);
      const reference = enquiryReference();
      await content.insertEnquiry({
        ...input,
        fields: withFreeTextScrubbed(input.fields),
        reference,
        createdAt: clock(),
      });
      return { reference };
    },
    async subscribe(brandId, email, ip) {
      await limiter.consume(
        `newsletter:ip:${ip}`,
        NEWSLETTER_LIMIT,
        enquiryMessages.tooManyRequests,
      );
      await content.subscribe(brandId, email.toLowerCase(), clock());
    },
    async recordLookup({ brandId, reference, email, bookingId }) {
      const at = clock();
      await content.insertEnquiry({
        brandId,
        reference: enquiryReference('LKP'),
        kind: 'lookup',
        email: withoutCardNumbers(email.trim(), LOOKUP_EMAIL_MAX),
        fields: {
          bookingReference: withoutCardNumbers(reference.trim(), LOOKUP_REFERENCE_MAX),
          found: bookingId !== null,
          bookingId,
        },
        createdAt: at,
        // A look-up that found the booking was answered by the booking itself: only those that
        // found nothing wait in the open inbox for someone to help.
        ...(bookingId === null ? {} : { answeredAt: at }),
      });
    },
  };
}
