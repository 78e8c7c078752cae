import { Link } from '@tanstack/react-router';
import { MailIcon, MapPinIcon, PhoneIcon } from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { Badge } from '../../components/ui/badge';
import { Separator } from '../../components/ui/separator';
import { useBrand } from '../../features/brand/hooks/use-brand';
import { useSiteInfo } from '../../features/site/api/get-site-info';
import { telHref } from '../../lib/formatters';
import { brandDisplayName } from '../../theme/apply-brand';

// Below the fold on every page: the newsletter box (and its form code) loads after the shell.
const NewsletterForm = lazy(() =>
  import('../../features/newsletter/components/newsletter-form').then((m) => ({
    default: m.NewsletterForm,
  })),
);

const quickLinks = [
  { label: 'Home', to: '/' },
  { label: 'About', to: '/about' },
  { label: 'My Trips', to: '/my-trips' },
  { label: 'Support', to: '/support' },
  { label: 'FAQ', to: '/faq' },
  { label: 'Contact', to: '/contact' },
] as const;

const legalLinks = [
  { label: 'Terms of Service', to: '/terms' },
  { label: 'Privacy Policy', to: '/privacy' },
  { label: 'Cancellation Policy', to: '/cancellation-policy' },
  { label: 'Cookie Policy', to: '/cookies' },
] as const;

/** The year the footer's copyright line states. */
const COPYRIGHT_YEAR = 2025;

const footerLinkClass =
  'rounded-sm text-sm text-muted-foreground outline-none hover:text-foreground hover:underline focus-visible:ring-2 focus-visible:ring-ring';

export function SiteFooter() {
  const { brand } = useBrand();
  const name = brandDisplayName(brand);

  return (
    <footer className="border-t border-border bg-background text-foreground print:hidden">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <FooterNewsletter />

        <FooterLinks title="Quick Links" id="footer-quick-links">
          {quickLinks.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className={footerLinkClass}>
                {link.label}
              </Link>
            </li>
          ))}
        </FooterLinks>

        <FooterLinks title="Legal" id="footer-legal">
          {legalLinks.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className={footerLinkClass}>
                {link.label}
              </Link>
            </li>
          ))}
        </FooterLinks>

        <FooterContact contact={brand.contact} />
      </div>

      <Separator />

      <FooterCompanyLine name={name} />
    </footer>
  );
}

function FooterNewsletter() {
  return (
    <section aria-labelledby="footer-newsletter" className="flex flex-col gap-3 lg:col-span-1">
      <h2 id="footer-newsletter" className="text-base font-semibold">
        Newsletter
      </h2>
      <Suspense fallback={null}>
        <NewsletterForm />
      </Suspense>
    </section>
  );
}

function FooterLinks({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <nav aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-base font-semibold">
        {title}
      </h2>
      <ul className="flex flex-col gap-2">{children}</ul>
    </nav>
  );
}

/** The brand's email, phone and address. */
function FooterContact({
  contact,
}: {
  contact: { email: string; phone: string; address: string };
}) {
  return (
    <section aria-labelledby="footer-contact" className="flex flex-col gap-3">
      <h2 id="footer-contact" className="text-base font-semibold">
        Contact
      </h2>
      <address className="flex flex-col gap-2 text-sm not-italic text-muted-foreground">
        <a href={`mailto:${contact.email}`} className={`${footerLinkClass} flex gap-2`}>
          <MailIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span className="break-all">{contact.email}</span>
        </a>
        <a href={telHref(contact.phone)} className={`${footerLinkClass} flex gap-2`}>
          <PhoneIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{contact.phone}</span>
        </a>
        <span className="flex gap-2">
          <MapPinIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{contact.address}</span>
        </span>
      </address>
    </section>
  );
}

/** The copyright line, the registered company details once known, and the IATA badge. */
function FooterCompanyLine({ name }: { name: string }) {
  const site = useSiteInfo();
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-6 text-sm text-muted-foreground md:flex-row md:items-start md:justify-between">
      <div className="flex flex-col gap-1">
        <p>{`© ${String(COPYRIGHT_YEAR)} ${name}`}</p>
        {site.data ? (
          <>
            <p>
              {site.data.companyName} · Company number: {site.data.companyNumber}
            </p>
            <p>Registered office: {site.data.registeredOffice}</p>
          </>
        ) : null}
      </div>
      <Badge variant="outline" size="lg">
        IATA Accredited
      </Badge>
    </div>
  );
}
