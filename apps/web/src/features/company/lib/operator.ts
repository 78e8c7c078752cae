import type { Brand } from '@contrail/contracts/brands';
import type { SiteInfo } from '@contrail/contracts/site';

/**
 * Who speaks on a company page: the brand the traveller sees (name, contact details) and the
 * company that operates it (from server configuration; undefined until the site info is known).
 */
export interface PageOperator {
  brand: Brand;
  company: SiteInfo | undefined;
}

/** The company's name, or a description of it while the site info is not known. */
export function operatorName({ company }: PageOperator, brandName: string): string {
  return company?.companyName ?? `the company that operates ${brandName}`;
}
