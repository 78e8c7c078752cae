import { Link } from '@tanstack/react-router';
import { ArrowRightIcon, MailIcon, MessageSquareIcon, PhoneIcon } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { telHref } from '../../../lib/formatters';
import { brandFaq, FAQ_ENTRIES, pickFaq, SUPPORT_POPULAR_IDS } from '../lib/faq-data';
import { queryWords, searchFaq } from '../lib/faq-search';
import { standaloneLinkClass, type HelpBrand } from '../lib/help-brand';
import { helpTexts } from '../lib/help-texts';
import { filterHelpTopics, HELP_TOPICS } from '../lib/help-topics';
import { isSupportTab, SUPPORT_TABS, type SupportTab } from '../lib/page-tabs';
import { FaqAccordion } from './faq-accordion';
import { FaqResultGroups } from './faq-result-groups';
import { HelpTopicList } from './help-topic-list';
import { SupportContactForm } from './support-contact-form';

interface SupportPageProps {
  brand: HelpBrand;
  tab: SupportTab;
  onTabChange: (tab: SupportTab) => void;
  /** The My Bookings tab: signing in, My Trips and the retrieve-booking box. */
  myBookings: ReactNode;
}

/**
 * `/support`: a search box that filters the help topics and questions as the traveller types, and
 * the tabs Help Center, Contact Us and My Bookings.
 */
export function SupportPage({ brand, tab, onTabChange, myBookings }: SupportPageProps) {
  const texts = helpTexts.support;
  const [query, setQuery] = useState('');

  function onQueryChange(value: string) {
    setQuery(value);
    // The matches are in the Help Center: show them wherever the traveller was.
    if (queryWords(value).length > 0 && tab !== 'help-center') onTabChange('help-center');
  }

  return (
    <div>
      <SupportHero brandName={brand.name} query={query} onQueryChange={onQueryChange} />

      <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:py-12">
        <Tabs
          value={tab}
          onValueChange={(value) => {
            if (isSupportTab(value)) onTabChange(value);
          }}
          className="gap-8"
        >
          <TabsList>
            {SUPPORT_TABS.map((value) => (
              <TabsTrigger key={value} value={value}>
                {texts.tabs[value]}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="help-center">
            <HelpCenter
              brandName={brand.name}
              query={query}
              onClear={() => onQueryChange('')}
              onAskUs={() => onTabChange('contact-us')}
            />
          </TabsContent>
          <TabsContent value="contact-us">
            <ContactUs brand={brand} />
          </TabsContent>
          <TabsContent value="my-bookings">{myBookings}</TabsContent>
        </Tabs>
      </div>
    </div>
  );
}

function HelpCenter({
  brandName,
  query,
  onClear,
  onAskUs,
}: {
  brandName: string;
  query: string;
  onClear: () => void;
  onAskUs: () => void;
}) {
  const texts = helpTexts.support;
  const entries = useMemo(() => brandFaq(FAQ_ENTRIES, brandName), [brandName]);
  const topics = useMemo(() => filterHelpTopics(HELP_TOPICS, query), [query]);
  const questions = useMemo(() => searchFaq(entries, query), [entries, query]);
  const searching = questions !== null;

  return (
    <div className="grid gap-10">
      {/* Announces how many matches there are while the traveller types. */}
      <p role="status" className="sr-only">
        {questions ? texts.resultsSummary(topics.length, questions.total, questions.query) : ''}
      </p>

      {questions && topics.length === 0 && questions.total === 0 ? (
        <NoMatches query={questions.query} onAskUs={onAskUs} onClear={onClear} />
      ) : null}

      {topics.length > 0 ? (
        <section aria-labelledby="support-topics" className="grid gap-4">
          <h2 id="support-topics" className="text-xl font-semibold text-foreground">
            {texts.topicsTitle}
          </h2>
          <HelpTopicList topics={topics} />
        </section>
      ) : null}

      {!searching || questions.total > 0 ? (
        <section aria-labelledby="support-questions" className="grid gap-4">
          <h2 id="support-questions" className="text-xl font-semibold text-foreground">
            {texts.questionsTitle}
          </h2>
          {searching ? (
            <FaqResultGroups groups={questions.groups} headingLevel={3} />
          ) : (
            <FaqAccordion entries={pickFaq(entries, SUPPORT_POPULAR_IDS)} headingLevel={3} />
          )}
          <p>
            <Link to="/faq" className={standaloneLinkClass}>
              {texts.allFaqs}
              <ArrowRightIcon className="size-3.5" aria-hidden="true" />
            </Link>
          </p>
        </section>
      ) : null}
    </div>
  );
}

function ContactUs({ brand }: { brand: HelpBrand }) {
  const texts = helpTexts.support;
  return (
    <section
      aria-labelledby="support-contact-title"
      className="grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]"
    >
      <div className="grid content-start gap-6">
        <div className="grid gap-1">
          <h2 id="support-contact-title" className="text-xl font-semibold text-foreground">
            {texts.contactTitle}
          </h2>
          <p className="text-muted-foreground">{texts.contactDescription}</p>
        </div>
        <SupportContactForm supportEmail={brand.email} />
      </div>
      <div className="grid content-start gap-4 rounded-xl border border-border bg-card p-5 text-card-foreground shadow-sm">
        <p className="text-sm text-foreground">{texts.urgent}</p>
        <a href={telHref(brand.phone)} className={standaloneLinkClass}>
          <PhoneIcon className="size-4" aria-hidden="true" />
          {brand.phone}
        </a>
        <a href={`mailto:${brand.email}`} className={`${standaloneLinkClass} break-all`}>
          <MailIcon className="size-4" aria-hidden="true" />
          {brand.email}
        </a>
      </div>
    </section>
  );
}

/** The page title and the search box, which filters as the traveller types. */
function SupportHero({
  brandName,
  query,
  onQueryChange,
}: {
  brandName: string;
  query: string;
  onQueryChange: (value: string) => void;
}) {
  const texts = helpTexts.support;
  return (
    <section
      aria-labelledby="support-title"
      className="border-b border-border bg-gradient-to-b from-muted to-background"
    >
      <div className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-10 sm:py-14">
        <div className="grid gap-2">
          <h1
            id="support-title"
            className="text-3xl font-bold tracking-tight text-balance text-foreground sm:text-4xl"
          >
            {texts.title}
          </h1>
          <p className="max-w-2xl text-lg text-foreground">{texts.description(brandName)}</p>
        </div>
        <form
          role="search"
          aria-label={texts.searchLabel}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
          }}
          className="max-w-2xl"
        >
          <Field label={texts.searchLabel} hideLabel>
            <Input
              type="search"
              enterKeyHint="search"
              placeholder={texts.searchPlaceholder}
              value={query}
              onChange={(event) => {
                onQueryChange(event.target.value);
              }}
              className="h-12"
            />
          </Field>
        </form>
      </div>
    </section>
  );
}

/** Nothing matched: ask us, or clear the search. */
function NoMatches({
  query,
  onAskUs,
  onClear,
}: {
  query: string;
  onAskUs: () => void;
  onClear: () => void;
}) {
  const texts = helpTexts.support;
  return (
    <section
      aria-labelledby="support-no-results"
      className="grid justify-items-start gap-3 rounded-xl border border-dashed border-border p-6 sm:p-8"
    >
      <h2 id="support-no-results" className="text-xl font-semibold break-words text-foreground">
        {texts.noResultsTitle(query)}
      </h2>
      <p className="text-muted-foreground">{texts.noResults}</p>
      <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <Button type="button" onClick={onAskUs}>
          <MessageSquareIcon aria-hidden="true" />
          {texts.askUs}
        </Button>
        <Button type="button" variant="outline" onClick={onClear}>
          {texts.clearSearch}
        </Button>
      </div>
    </section>
  );
}
