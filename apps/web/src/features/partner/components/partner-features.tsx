import { partnerFeatures } from '../lib/partner-content';

/** The six feature cards. */
export function PartnerFeatures({ brandName }: { brandName: string }) {
  return (
    <section aria-labelledby="partner-features-title" className="bg-muted px-4 py-12 sm:py-16">
      <div className="mx-auto flex max-w-6xl flex-col gap-8">
        <h2
          id="partner-features-title"
          className="text-center text-3xl font-bold tracking-tight text-balance text-foreground"
        >
          Why travellers book with {brandName}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 sm:gap-6 lg:grid-cols-3">
          {partnerFeatures.map(({ title, description, icon: Icon }) => (
            <li
              key={title}
              className="flex gap-4 rounded-xl border border-border bg-card p-6 text-card-foreground shadow-sm"
            >
              <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <div className="flex min-w-0 flex-col gap-1.5 wrap-anywhere">
                <h3 className="text-lg font-semibold">{title}</h3>
                <p className="text-sm leading-relaxed text-muted-foreground">{description}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
