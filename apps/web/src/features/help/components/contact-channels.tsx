import { MailIcon, MapPinIcon, PhoneIcon, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { telHref } from '../../../lib/formatters';
import { inlineLinkClass, type HelpBrand } from '../lib/help-brand';
import { helpTexts } from '../lib/help-texts';

/** The contact page's channels: the brand's e-mail, phone and address. */
export function ContactChannels({ brand }: { brand: HelpBrand }) {
  const texts = helpTexts.contact;
  return (
    <section aria-labelledby="contact-channels-title" className="grid gap-4">
      <h2 id="contact-channels-title" className="sr-only">
        {texts.channelsTitle}
      </h2>
      <ul className="grid gap-4 sm:grid-cols-3">
        <Channel icon={MailIcon} title={texts.emailTitle} note={texts.emailNote}>
          <a href={`mailto:${brand.email}`} className={`${inlineLinkClass} break-all`}>
            {brand.email}
          </a>
        </Channel>
        <Channel icon={PhoneIcon} title={texts.phoneTitle} note={texts.phoneNote}>
          <a href={telHref(brand.phone)} className={inlineLinkClass}>
            {brand.phone}
          </a>
        </Channel>
        <Channel icon={MapPinIcon} title={texts.addressTitle}>
          <address className="not-italic">{brand.address}</address>
        </Channel>
      </ul>
    </section>
  );
}

function Channel({
  icon: Icon,
  title,
  note,
  children,
}: {
  icon: LucideIcon;
  title: string;
  note?: string;
  children: ReactNode;
}) {
  return (
    <li className="flex gap-4 rounded-xl border border-border bg-card p-5 text-card-foreground shadow-sm">
      <span
        aria-hidden="true"
        className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary"
      >
        <Icon className="size-5" />
      </span>
      <div className="grid min-w-0 content-start gap-1">
        <h3 className="font-semibold text-foreground">{title}</h3>
        <div className="text-sm text-foreground">{children}</div>
        {note ? <p className="text-sm text-muted-foreground">{note}</p> : null}
      </div>
    </li>
  );
}
