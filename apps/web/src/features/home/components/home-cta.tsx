import { CallButton } from './call-button';
import { ScrollToSearchButton } from './scroll-to-search-button';

/** The closing call to action: back to the form, or a call to the travel experts. */
export function HomeCta({ phone }: { phone: string }) {
  return (
    <section aria-labelledby="home-cta-title" className="px-4 pb-16 sm:pb-24">
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-6 rounded-2xl bg-primary px-6 py-12 text-center text-primary-foreground sm:px-12">
        <h2 id="home-cta-title" className="text-3xl font-bold tracking-tight text-balance">
          Ready to take off?
        </h2>
        <p className="max-w-2xl text-lg text-pretty">
          Search flights in seconds, or speak to one of our travel experts about your trip, day or
          night.
        </p>
        <div className="flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
          <ScrollToSearchButton variant="secondary">Start Searching</ScrollToSearchButton>
          <CallButton phone={phone} />
        </div>
      </div>
    </section>
  );
}
