import { Link } from '@tanstack/react-router';
import { ArrowRightIcon } from 'lucide-react';
import { useMemo } from 'react';
import { brandFaq, CONTACT_TEASER_IDS, FAQ_ENTRIES, pickFaq } from '../lib/faq-data';
import { standaloneLinkClass, type HelpBrand } from '../lib/help-brand';
import { helpTexts } from '../lib/help-texts';
import { ContactChannels } from './contact-channels';
import { ContactForm } from './contact-form';
import { FaqAccordion } from './faq-accordion';

/**
 * `/contact`: the brand's channels, the message form, four questions from the FAQ and a link to it.
 */
export function ContactPage({ brand }: { brand: HelpBrand }) {
  const texts = helpTexts.contact;
  const teasers = useMemo(
    () => pickFaq(brandFaq(FAQ_ENTRIES, brand.name), CONTACT_TEASER_IDS),
    [brand.name],
  );

  return (
    <div>
      <section
        aria-labelledby="contact-title"
        className="border-b border-border bg-gradient-to-b from-muted to-background"
      >
        <div className="mx-auto grid w-full max-w-5xl gap-8 px-4 py-10 sm:py-14">
          <div className="grid gap-2">
            <h1
              id="contact-title"
              className="text-3xl font-bold tracking-tight text-balance text-foreground sm:text-4xl"
            >
              {texts.title}
            </h1>
            <p className="max-w-2xl text-foreground">{texts.description(brand.name)}</p>
          </div>
          <ContactChannels brand={brand} />
        </div>
      </section>

      <div className="mx-auto grid w-full max-w-5xl gap-12 px-4 py-10 sm:py-12 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section
          aria-labelledby="contact-form-title"
          className="grid content-start gap-6 rounded-xl border border-border bg-card p-5 text-card-foreground shadow-sm sm:p-8"
        >
          <div className="grid gap-1">
            <h2 id="contact-form-title" className="text-xl font-semibold text-foreground">
              {texts.formTitle}
            </h2>
            <p className="text-sm text-muted-foreground">{texts.formDescription}</p>
          </div>
          <ContactForm brandName={brand.name} supportEmail={brand.email} />
        </section>

        <section aria-labelledby="contact-faq-title" className="grid content-start gap-4">
          <h2 id="contact-faq-title" className="text-xl font-semibold text-foreground">
            {texts.teasersTitle}
          </h2>
          <FaqAccordion entries={teasers} headingLevel={3} />
          <p>
            <Link to="/faq" className={standaloneLinkClass}>
              {texts.allFaqs}
              <ArrowRightIcon className="size-3.5" aria-hidden="true" />
            </Link>
          </p>
        </section>
      </div>
    </div>
  );
}
