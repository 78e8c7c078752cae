import { SearchIcon } from 'lucide-react';
import { useMemo, useRef, useState, type SyntheticEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import {
  brandFaq,
  FAQ_CATEGORIES,
  FAQ_ENTRIES,
  faqCategoryDescriptions,
  faqCategoryLabels,
  type FaqCategory,
  type FaqEntry,
} from '../lib/faq-data';
import { searchFaq, type FaqSearchResult } from '../lib/faq-search';
import { helpTexts } from '../lib/help-texts';
import { FaqAccordion } from './faq-accordion';
import { FaqResultGroups } from './faq-result-groups';
import { StillNeedHelp } from './still-need-help';

function isCategory(value: string): value is FaqCategory {
  return (FAQ_CATEGORIES as readonly string[]).includes(value);
}

interface FaqPageProps {
  brandName: string;
  phone: string;
  category: FaqCategory;
  onCategoryChange: (category: FaqCategory) => void;
}

/**
 * `/faq`: a keyword search run by the button or the Enter key, with results grouped by category;
 * otherwise the six categories as tabs. 'Still Need Help?' below.
 */
export function FaqPage({ brandName, phone, category, onCategoryChange }: FaqPageProps) {
  const texts = helpTexts.faq;
  const entries = useMemo(() => brandFaq(FAQ_ENTRIES, brandName), [brandName]);
  const [draft, setDraft] = useState('');
  const [query, setQuery] = useState('');
  const result = useMemo(() => searchFaq(entries, query), [entries, query]);
  const inputRef = useRef<HTMLInputElement>(null);

  function onSearch(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    setQuery(draft);
  }

  function showAll() {
    setDraft('');
    setQuery('');
    inputRef.current?.focus();
  }

  return (
    <div>
      <section
        aria-labelledby="faq-title"
        className="border-b border-border bg-gradient-to-b from-muted to-background"
      >
        <div className="mx-auto grid w-full max-w-4xl gap-6 px-4 py-10 sm:py-14">
          <FaqHeading brandName={brandName} />
          <form
            role="search"
            aria-label={texts.searchLabel}
            noValidate
            onSubmit={onSearch}
            className="flex flex-col gap-2 sm:flex-row sm:items-start"
          >
            <Field label={texts.searchLabel} hideLabel className="flex-1">
              <Input
                ref={inputRef}
                type="search"
                enterKeyHint="search"
                placeholder={texts.searchPlaceholder}
                value={draft}
                onChange={(event) => {
                  setDraft(event.target.value);
                }}
              />
            </Field>
            <Button type="submit">
              <SearchIcon aria-hidden="true" />
              {texts.search}
            </Button>
          </form>
        </div>
      </section>

      {/* One column that may be narrower than its content: the tab row scrolls inside it. */}
      <div className="mx-auto grid w-full max-w-4xl grid-cols-[minmax(0,1fr)] gap-12 px-4 py-10 sm:py-12">
        {/* Announces each search's outcome; the results themselves are below. */}
        <p role="status" className="sr-only">
          {result ? resultsSummary(result) : ''}
        </p>
        {result ? (
          <FaqResults result={result} onShowAll={showAll} />
        ) : (
          <FaqCategoryTabs entries={entries} category={category} onChange={onCategoryChange} />
        )}
        <StillNeedHelp phone={phone} />
      </div>
    </div>
  );
}

function resultsSummary(result: FaqSearchResult): string {
  return result.total === 0
    ? helpTexts.faq.noResultsTitle(result.query)
    : helpTexts.faq.resultsTitle(result.total, result.query);
}

function FaqResults({ result, onShowAll }: { result: FaqSearchResult; onShowAll: () => void }) {
  const texts = helpTexts.faq;
  const showAll = (
    <Button type="button" variant="outline" onClick={onShowAll} className="w-full sm:w-auto">
      {texts.showAll}
    </Button>
  );

  if (result.total === 0) {
    return (
      <section
        aria-labelledby="faq-results-title"
        className="grid justify-items-start gap-3 rounded-xl border border-dashed border-border p-6 sm:p-8"
      >
        <h2 id="faq-results-title" className="text-xl font-semibold break-words text-foreground">
          {texts.noResultsTitle(result.query)}
        </h2>
        <p className="text-muted-foreground">{texts.noResults}</p>
        {showAll}
      </section>
    );
  }

  return (
    <section aria-labelledby="faq-results-title" className="grid gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h2 id="faq-results-title" className="text-xl font-semibold break-words text-foreground">
          {texts.resultsTitle(result.total, result.query)}
        </h2>
        {showAll}
      </div>
      <FaqResultGroups groups={result.groups} headingLevel={3} />
    </section>
  );
}

function FaqCategoryTabs({
  entries,
  category,
  onChange,
}: {
  entries: readonly FaqEntry[];
  category: FaqCategory;
  onChange: (category: FaqCategory) => void;
}) {
  return (
    <Tabs
      value={category}
      onValueChange={(value) => {
        if (isCategory(value)) onChange(value);
      }}
      className="min-w-0 gap-6"
    >
      {/* Six tabs are wider than a phone: the row scrolls sideways, the selected tab in view. */}
      <div className="-mx-4 overflow-x-auto px-4 pb-1 sm:mx-0 sm:px-0">
        <TabsList aria-label={helpTexts.faq.categoriesLabel}>
          {FAQ_CATEGORIES.map((value) => (
            <TabsTrigger key={value} value={value}>
              {faqCategoryLabels[value]}
            </TabsTrigger>
          ))}
        </TabsList>
      </div>
      {FAQ_CATEGORIES.map((value) => (
        <TabsContent key={value} value={value} className="grid gap-4">
          <div className="grid gap-1">
            <h2 className="text-xl font-semibold text-foreground">{faqCategoryLabels[value]}</h2>
            <p className="text-muted-foreground">{faqCategoryDescriptions[value]}</p>
          </div>
          <FaqAccordion
            entries={entries.filter((entry) => entry.category === value)}
            headingLevel={3}
          />
        </TabsContent>
      ))}
    </Tabs>
  );
}

/** The page title and what the FAQ covers. */
function FaqHeading({ brandName }: { brandName: string }) {
  const texts = helpTexts.faq;
  return (
    <div className="grid gap-2">
      <h1
        id="faq-title"
        className="text-3xl font-bold tracking-tight text-balance text-foreground sm:text-4xl"
      >
        {texts.title}
      </h1>
      <p className="max-w-2xl text-foreground">{texts.description(brandName)}</p>
    </div>
  );
}
