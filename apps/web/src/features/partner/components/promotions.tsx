import { Badge } from '../../../components/ui/badge';
import { PROMOTIONS_NOTE, promotions } from '../lib/partner-content';

/** The three promotions, each with its conditions in plain words. */
export function Promotions() {
  return (
    <section aria-labelledby="partner-offers-title" className="px-4 py-12 sm:py-16">
      <div className="mx-auto flex max-w-6xl flex-col gap-8">
        <div className="mx-auto flex max-w-2xl flex-col gap-3 text-center">
          <h2
            id="partner-offers-title"
            className="text-3xl font-bold tracking-tight text-balance text-foreground"
          >
            Ways to save
          </h2>
          <p className="text-pretty text-muted-foreground">
            Simple ways to pay less for the same flights.
          </p>
        </div>
        <ul className="grid gap-4 sm:gap-6 lg:grid-cols-3">
          {promotions.map((promotion) => (
            <li
              key={promotion.title}
              className="flex flex-col gap-3 rounded-xl border border-border bg-card p-6 text-card-foreground shadow-sm"
            >
              <Badge size="lg">{promotion.badge}</Badge>
              <h3 className="text-xl font-semibold">{promotion.title}</h3>
              <p className="leading-relaxed">{promotion.description}</p>
              <p className="mt-auto text-sm text-muted-foreground">{promotion.conditions}</p>
            </li>
          ))}
        </ul>
        <p className="mx-auto max-w-3xl text-center text-sm text-muted-foreground">
          {PROMOTIONS_NOTE}
        </p>
      </div>
    </section>
  );
}
