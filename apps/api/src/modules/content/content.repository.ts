import type { Database } from '../../db/client';
import { enquiries, newsletterSubscriptions } from './content.table';

export interface NewEnquiry {
  brandId: string;
  reference: string;
  kind: 'contact' | 'support' | 'lookup';
  email: string;
  fields: Record<string, unknown>;
}

export interface ContentRepository {
  insertEnquiry(enquiry: NewEnquiry): Promise<void>;
  /** Stores the subscription unless the address is already subscribed to the brand. */
  subscribe(brandId: string, email: string): Promise<void>;
}

export function createContentRepository(db: Database): ContentRepository {
  return {
    async insertEnquiry(enquiry) {
      await db.insert(enquiries).values(enquiry);
    },
    async subscribe(brandId, email) {
      await db.insert(newsletterSubscriptions).values({ brandId, email }).onConflictDoNothing();
    },
  };
}
