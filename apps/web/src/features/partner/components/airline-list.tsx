import { partnerAirlines } from '../lib/partner-content';

/** The partner airline list. */
export function AirlineList() {
  return (
    <section aria-labelledby="partner-airlines-title" className="px-4 py-12 sm:py-16">
      <div className="mx-auto flex max-w-6xl flex-col gap-8">
        <div className="mx-auto flex max-w-2xl flex-col gap-3 text-center">
          <h2
            id="partner-airlines-title"
            className="text-3xl font-bold tracking-tight text-balance text-foreground"
          >
            Airlines you can book
          </h2>
          <p className="text-pretty text-muted-foreground">
            Search these airlines, and many more around the world, in a single search.
          </p>
        </div>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          {partnerAirlines.map((airline) => (
            <li
              key={airline.iataCode}
              className="flex flex-col items-center gap-3 rounded-xl border border-border bg-card px-3 py-5 text-center text-card-foreground"
            >
              <span
                aria-hidden="true"
                className="inline-flex size-12 items-center justify-center rounded-full bg-secondary text-sm font-bold tracking-wide text-secondary-foreground"
              >
                {airline.iataCode}
              </span>
              <span className="text-sm font-semibold">{airline.name}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
