export const SEARCH_SECTION_ID = 'search';

/** Where the search form goes (built by a later issue); the header's Flights link scrolls here. */
export function SearchSection() {
  return (
    <section
      id={SEARCH_SECTION_ID}
      aria-labelledby="search-section-title"
      // Keeps the section clear of the fixed header when scrolled into view.
      className="scroll-mt-20 px-4 py-12"
    >
      <div className="mx-auto max-w-5xl rounded-xl border border-border bg-card p-6 text-card-foreground shadow-sm sm:p-8">
        <h2 id="search-section-title" className="text-2xl font-semibold tracking-tight">
          Search Flights
        </h2>
        <p className="mt-2 text-muted-foreground">The search form is being built.</p>
      </div>
    </section>
  );
}
