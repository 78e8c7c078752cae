import { ClockIcon, PhoneIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { telHref } from '../../../lib/formatters';
import { WAIT_TIME } from '../lib/partner-content';
import type { PartnerBrand } from '../lib/partner-brand';

/** The top of the partner page: what it offers, the call button and the search form itself. */
export function PartnerHero({ brand, searchForm }: { brand: PartnerBrand; searchForm: ReactNode }) {
  return (
    <>
      <section
        aria-labelledby="partner-title"
        className="bg-gradient-to-b from-muted to-background px-4 pt-12 pb-16 sm:pt-16 sm:pb-20"
      >
        <div className="mx-auto flex max-w-4xl flex-col items-center gap-5 text-center">
          <Badge variant="outline" size="lg">
            Partner offers
          </Badge>
          <h1
            id="partner-title"
            className="text-4xl font-bold tracking-tight text-balance text-foreground sm:text-5xl"
          >
            Partner flight offers
          </h1>
          <p className="max-w-2xl text-lg text-pretty text-foreground">
            Compare fares from Delta, United, American, Southwest, Air Canada, JetBlue and many more
            airlines, and book securely with {brand.name}. Prefer to talk? Our travel experts are
            available 24/7.
          </p>
          <div className="flex w-full flex-col items-center gap-3 sm:w-auto sm:flex-row">
            <Button asChild size="lg" className="w-full sm:w-auto">
              <a href={telHref(brand.phone)}>
                <PhoneIcon aria-hidden="true" />
                Call {brand.phone}
              </a>
            </Button>
            <p className="inline-flex items-center gap-2 text-sm font-medium text-foreground">
              <ClockIcon className="size-4 text-primary" aria-hidden="true" />
              Average wait time: {WAIT_TIME}
            </p>
          </div>
        </div>
      </section>
      <section aria-labelledby="partner-search-title" className="px-4 pb-12">
        <div className="mx-auto -mt-8 max-w-6xl rounded-2xl border border-border bg-card p-5 text-card-foreground shadow-lg sm:-mt-12 sm:p-8">
          <h2 id="partner-search-title" className="sr-only">
            Search Flights
          </h2>
          {searchForm}
        </div>
      </section>
    </>
  );
}
