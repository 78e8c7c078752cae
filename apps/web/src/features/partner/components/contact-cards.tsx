import { Link } from '@tanstack/react-router';
import { ClockIcon, MailIcon, MapPinIcon, PhoneIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { telHref } from '../../../lib/formatters';
import { WAIT_TIME } from '../lib/partner-content';
import type { PartnerBrand } from '../lib/partner-brand';

const linkClass =
  'rounded-sm font-semibold break-words text-primary underline underline-offset-4 outline-none hover:no-underline focus-visible:ring-2 focus-visible:ring-ring';

/** The contact cards: phone (with the wait time), e-mail and the brand's address. */
export function ContactCards({ brand }: { brand: PartnerBrand }) {
  return (
    <section aria-labelledby="partner-contact-title" className="bg-muted px-4 py-12 sm:py-16">
      <div className="mx-auto flex max-w-6xl flex-col gap-8">
        <div className="mx-auto flex max-w-2xl flex-col items-center gap-3 text-center">
          <h2
            id="partner-contact-title"
            className="text-3xl font-bold tracking-tight text-balance text-foreground"
          >
            Talk to a travel expert
          </h2>
          <p className="inline-flex items-center gap-2 font-medium text-foreground">
            <ClockIcon className="size-4 text-primary" aria-hidden="true" />
            Average wait time: {WAIT_TIME}
          </p>
        </div>
        <ul className="grid gap-4 sm:gap-6 md:grid-cols-3">
          <ContactCard icon={<PhoneIcon className="size-5" aria-hidden="true" />} title="Call us">
            <a href={telHref(brand.phone)} className={linkClass}>
              {brand.phone}
            </a>
            <p className="text-sm text-muted-foreground">24 hours a day, 7 days a week.</p>
          </ContactCard>
          <ContactCard icon={<MailIcon className="size-5" aria-hidden="true" />} title="E-mail us">
            <a href={`mailto:${brand.email}`} className={linkClass}>
              {brand.email}
            </a>
            <p className="text-sm text-muted-foreground">We reply within 24 hours.</p>
          </ContactCard>
          <ContactCard
            icon={<MapPinIcon className="size-5" aria-hidden="true" />}
            title="Write to us"
          >
            <address className="not-italic">{brand.address}</address>
            <p className="text-sm text-muted-foreground">
              Answers to common questions are in our{' '}
              <Link to="/faq" className={linkClass}>
                FAQ
              </Link>
              .
            </p>
          </ContactCard>
        </ul>
        <div className="flex justify-center">
          <Button asChild size="lg">
            <a href={telHref(brand.phone)}>
              <PhoneIcon aria-hidden="true" />
              Call {brand.phone}
            </a>
          </Button>
        </div>
      </div>
    </section>
  );
}

function ContactCard({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-border bg-card p-6 text-card-foreground shadow-sm">
      <span className="inline-flex size-11 items-center justify-center rounded-lg bg-primary/10 text-primary">
        {icon}
      </span>
      <h3 className="text-lg font-semibold">{title}</h3>
      {children}
    </li>
  );
}
