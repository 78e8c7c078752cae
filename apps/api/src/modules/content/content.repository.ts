import type { Database } from '../../db/client';
import type { EnquiryFields } from './content.columns';
import { enquiries, newsletterSubscriptions } from './content.table';

export interface NewEnquiry {
  brandId: string;
  reference: string;
  kind: 'contact' | 'support' | 'lookup';
  email: string;
  fields: EnquiryFields;
  /** When it was written (the service's clock, not the database's). */
  createdAt: Date;
  /** Already answered when written (a look-up that found the booking); open otherwise. */
  answeredAt?: Date;
}

export interface ContentRepository {
  insertEnquiry(enquiry: NewEnquiry): Promise<void>;
  /** Stores the subscription (consent given `at`) unless the address is already subscribed. */
  subscribe(brandId: string, email: string, at: Date): Promise<void>;
}

export function createContentRepository(db: Database): ContentRepository {
  return {
    async insertEnquiry(enquiry) {
      await db.insert(enquiries).values(enquiry);
    },
    async subscribe(brandId, email, at) {
      await db
        .insert(newsletterSubscriptions)
        .values({ brandId, email, createdAt: at })
        .onConflictDoNothing();
    },
  };
}
