import { Link } from '@tanstack/react-router';
import { HeadsetIcon, MailIcon, PhoneIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { telHref } from '../../../lib/formatters';
import { helpTexts } from '../lib/help-texts';

/** The FAQ's 'Still Need Help?' block: the contact page and the brand's phone. */
export function StillNeedHelp({ phone }: { phone: string }) {
  const texts = helpTexts.stillNeedHelp;
  return (
    <section
      aria-labelledby="still-need-help-title"
      className="flex flex-col items-start gap-5 rounded-xl border border-border bg-card p-6 text-card-foreground shadow-sm sm:flex-row sm:items-center sm:p-8"
    >
      <span
        aria-hidden="true"
        className="flex size-12 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary"
      >
        <HeadsetIcon className="size-6" />
      </span>
      <div className="grid flex-1 gap-1">
        <h2 id="still-need-help-title" className="text-xl font-semibold text-foreground">
          {texts.title}
        </h2>
        <p className="text-muted-foreground">{texts.description}</p>
      </div>
      <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <Button asChild>
          <Link to="/contact">
            <MailIcon aria-hidden="true" />
            {texts.contact}
          </Link>
        </Button>
        <Button asChild variant="outline">
          <a href={telHref(phone)}>
            <PhoneIcon aria-hidden="true" />
            {texts.call(phone)}
          </a>
        </Button>
      </div>
    </section>
  );
}
