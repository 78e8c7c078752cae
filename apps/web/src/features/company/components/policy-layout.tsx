import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';
import { proseClass } from '../lib/text-styles';

export interface PolicySection {
  /** The in-page anchor (`#id`), unique on the page. */
  id: string;
  title: string;
  content: ReactNode;
}

export interface PolicyLayoutProps {
  /** A short label above the title ('Legal', 'About us'). */
  eyebrow: string;
  title: string;
  /** The 'Last updated' line, for policies. */
  lastUpdated?: { iso: string; label: string };
  /** The opening paragraph(s) under the title. */
  intro: ReactNode;
  sections: readonly PolicySection[];
  /** 'On this page' with a link to every section (policies; default true). */
  contents?: boolean;
  /** Shown after the sections (calls to action), left out of print. */
  footer?: ReactNode;
}

const POLICY_TITLE_ID = 'policy-title';
const CONTENTS_TITLE_ID = 'policy-contents-title';

/**
 * The page of every company and policy text: one h1, a 'Last updated' line, an optional table of
 * contents with in-page anchors, then one h2 per section. The text column keeps a readable line
 * length; print drops the contents and the calls to action and lets the text use the page.
 */
export function PolicyLayout({
  eyebrow,
  title,
  lastUpdated,
  intro,
  sections,
  contents = true,
  footer,
}: PolicyLayoutProps) {
  return (
    <article
      aria-labelledby={POLICY_TITLE_ID}
      className={cn(
        'mx-auto w-full px-4 py-10 sm:py-14 print:max-w-none print:px-0 print:py-0',
        // Without the contents beside it, the text column is the page.
        contents ? 'max-w-6xl' : 'max-w-3xl',
      )}
    >
      <div className="max-w-3xl border-b border-border pb-8 print:max-w-none print:pb-4">
        <p className="text-sm font-semibold tracking-wide text-primary uppercase">{eyebrow}</p>
        <h1
          id={POLICY_TITLE_ID}
          className="mt-2 text-3xl font-bold tracking-tight text-balance text-foreground sm:text-4xl"
        >
          {title}
        </h1>
        {lastUpdated ? (
          <p className="mt-3 text-sm text-muted-foreground">
            Last updated <time dateTime={lastUpdated.iso}>{lastUpdated.label}</time>
          </p>
        ) : null}
        <div className="mt-5 space-y-4 text-lg leading-8 text-muted-foreground">{intro}</div>
      </div>

      <div
        className={cn(
          'mt-10 print:mt-6 print:block',
          contents && 'lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:items-start lg:gap-12',
        )}
      >
        {contents ? <TableOfContents sections={sections} /> : null}
        <div className="flex max-w-3xl flex-col gap-10 print:max-w-none">
          {sections.map((section) => (
            <section
              key={section.id}
              id={section.id}
              className="scroll-mt-24 border-t border-border pt-8 first:border-t-0 first:pt-0"
            >
              <h2 className="text-xl font-semibold tracking-tight break-after-avoid text-foreground sm:text-2xl">
                {section.title}
              </h2>
              <div className={proseClass}>{section.content}</div>
            </section>
          ))}
          {footer ? <div className="print:hidden">{footer}</div> : null}
        </div>
      </div>
    </article>
  );
}

function TableOfContents({ sections }: { sections: readonly PolicySection[] }) {
  return (
    <nav
      aria-labelledby={CONTENTS_TITLE_ID}
      className="mb-10 rounded-lg border border-border bg-card p-5 text-card-foreground lg:sticky lg:top-24 lg:mb-0 print:hidden"
    >
      <h2 id={CONTENTS_TITLE_ID} className="text-sm font-semibold">
        On this page
      </h2>
      <ol className="mt-3 space-y-1 text-sm">
        {sections.map((section) => (
          <li key={section.id}>
            <a
              href={`#${section.id}`}
              className="-mx-2 block rounded-sm px-2 py-1.5 text-muted-foreground outline-none hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
            >
              {section.title}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
