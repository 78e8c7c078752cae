import type { ReactNode } from 'react';
import { Skeleton } from '../../../components/ui/skeleton';
import { telHref } from '../../../lib/formatters';
import type { PageOperator } from '../lib/operator';
import { textLinkClass } from '../lib/text-styles';

/**
 * The operating company (name, number, registered office, from server configuration) and the
 * brand's contact channels, as every policy page ends with them.
 */
export function ContactDetails({ brand, company }: PageOperator) {
  return (
    <address className="not-italic">
      {company ? null : (
        <div role="status" className="mb-3 grid gap-2">
          <span className="sr-only">Loading company details</span>
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-4 w-1/3" />
        </div>
      )}
      <dl className="grid gap-x-6 gap-y-3 rounded-lg border border-border bg-card p-5 text-sm text-card-foreground sm:grid-cols-[11rem_minmax(0,1fr)] print:border-0 print:p-0">
        {company ? (
          <>
            <Row term="Company">{company.companyName}</Row>
            <Row term="Company number">{company.companyNumber}</Row>
            <Row term="Registered office">{company.registeredOffice}</Row>
          </>
        ) : null}
        <Row term="Email">
          <a href={`mailto:${brand.contact.email}`} className={`${textLinkClass} wrap-anywhere`}>
            {brand.contact.email}
          </a>
        </Row>
        <Row term="Phone">
          <a href={telHref(brand.contact.phone)} className={textLinkClass}>
            {brand.contact.phone}
          </a>
        </Row>
        <Row term="Postal address">{brand.contact.address}</Row>
      </dl>
    </address>
  );
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:col-span-2 sm:grid-cols-subgrid">
      <dt className="font-medium text-muted-foreground">{term}</dt>
      <dd className="text-card-foreground">{children}</dd>
    </div>
  );
}
