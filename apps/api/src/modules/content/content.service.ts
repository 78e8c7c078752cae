import { randomInt } from 'node:crypto';
import { enquiryMessages } from '@contrail/contracts/enquiries';
import type { RateLimiter } from '../../lib/rate-limit';
import type { ContentRepository, NewEnquiry } from './content.repository';

const ENQUIRY_LIMIT = { max: 5, windowMs: 10 * 60 * 1000 };
const NEWSLETTER_LIMIT = { max: 10, windowMs: 60 * 60 * 1000 };
const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function enquiryReference(): string {
  let code = '';
  for (let i = 0; i < 8; i += 1)
    code += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)] ?? '';
  return `ENQ-${code}`;
}

export interface ContentService {
  submitEnquiry(input: Omit<NewEnquiry, 'reference'>, ip: string): Promise<{ reference: string }>;
  subscribe(brandId: string, email: string, ip: string): Promise<void>;
}

export function createContentService({
  content,
  limiter,
}: {
  content: ContentRepository;
  limiter: RateLimiter;
}): ContentService {
  return {
    async submitEnquiry(input, ip) {
      await limiter.consume(`enquiry:ip:${ip}`, ENQUIRY_LIMIT, enquiryMessages.tooManyRequests);
      const reference = enquiryReference();
      await content.insertEnquiry({ ...input, reference });
      return { reference };
    },
    async subscribe(brandId, email, ip) {
      await limiter.consume(
        `newsletter:ip:${ip}`,
        NEWSLETTER_LIMIT,
        enquiryMessages.tooManyRequests,
      );
      await content.subscribe(brandId, email.toLowerCase());
    },
  };
}
