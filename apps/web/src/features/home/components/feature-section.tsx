import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';
import type { Feature } from '../lib/home-content';

interface FeatureSectionProps {
  id: string;
  title: string;
  description: string;
  features: readonly Feature[];
  /** Four cards sit in one row on wide screens, six in two rows of three. */
  columns: 3 | 4;
  /** A tinted band (muted background) to set the section apart from its neighbours. */
  tinted?: boolean;
  /** What a card holds below its text, by the card's title (the price alert's form). */
  extras?: Readonly<Record<string, ReactNode>>;
}

/** A benefit section: a heading, a line of introduction and its feature cards. */
export function FeatureSection({
  id,
  title,
  description,
  features,
  columns,
  tinted = false,
  extras = {},
}: FeatureSectionProps) {
  return (
    <section aria-labelledby={id} className={cn('px-4 py-14 sm:py-20', tinted && 'bg-muted')}>
      <div className="mx-auto flex max-w-6xl flex-col gap-10">
        <div className="mx-auto flex max-w-2xl flex-col gap-3 text-center">
          <h2 id={id} className="text-3xl font-bold tracking-tight text-balance text-foreground">
            {title}
          </h2>
          {/* Muted text on the muted band falls short of 4.5:1 with some brands. */}
          <p className={cn('text-pretty', tinted ? 'text-foreground' : 'text-muted-foreground')}>
            {description}
          </p>
        </div>
        <ul
          className={cn(
            'grid gap-4 sm:grid-cols-2 sm:gap-6',
            columns === 4 ? 'lg:grid-cols-4' : 'lg:grid-cols-3',
          )}
        >
          {features.map(({ title: name, description: text, icon: Icon }) => (
            <li
              key={name}
              className="flex flex-col gap-3 rounded-xl border border-border bg-card p-6 text-card-foreground shadow-sm"
            >
              <span className="inline-flex size-11 items-center justify-center rounded-lg bg-primary/10 text-primary">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <h3 className="text-lg font-semibold">{name}</h3>
              <p className="text-sm leading-relaxed text-muted-foreground">{text}</p>
              {extras[name] ?? null}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
