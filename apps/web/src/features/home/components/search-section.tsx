import type { ReactNode } from 'react';

export const SEARCH_SECTION_ID = 'search';

/**
 * The home page's search form section; the header's Flights link and the page's Search Flights
 * and Start Searching buttons bring it into view. It takes focus from those buttons
 * (`tabIndex={-1}`), so the next Tab lands on the form.
 */
export function SearchSection({ children }: { children: ReactNode }) {
  return (
    <section
      id={SEARCH_SECTION_ID}
      aria-labelledby="search-section-title"
      tabIndex={-1}
      // scroll-mt keeps the section clear of the fixed header when scrolled into view.
      className="group scroll-mt-20 px-4 pb-12 outline-none"
    >
      <div className="mx-auto -mt-6 max-w-6xl rounded-2xl border border-border bg-card p-5 text-card-foreground shadow-lg group-focus-visible:ring-2 group-focus-visible:ring-ring sm:-mt-10 sm:p-8">
        <h2 id="search-section-title" className="sr-only">
          Search Flights
        </h2>
        {children}
      </div>
    </section>
  );
}
