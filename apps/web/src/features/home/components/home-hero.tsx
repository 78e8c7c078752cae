import { Button } from '../../../components/ui/button';
import { SEARCH_SECTION_ID } from './search-section';

export function HomeHero({ brandName }: { brandName: string }) {
  return (
    <section
      aria-labelledby="home-hero-title"
      className="bg-gradient-to-b from-muted to-background px-4 pt-16 pb-12 sm:pt-24 sm:pb-16"
    >
      <div className="mx-auto flex max-w-4xl flex-col items-center gap-6 text-center">
        <h1
          id="home-hero-title"
          className="text-4xl font-bold tracking-tight text-balance text-foreground sm:text-5xl"
        >
          {brandName}
        </h1>
        <Button asChild size="lg">
          <a href={`#${SEARCH_SECTION_ID}`}>Search Flights</a>
        </Button>
      </div>
    </section>
  );
}
