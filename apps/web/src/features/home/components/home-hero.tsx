import { BadgeCheckIcon, HeadsetIcon, ShieldCheckIcon, type LucideIcon } from 'lucide-react';
import { CallButton } from './call-button';
import { ScrollToSearchButton } from './scroll-to-search-button';

const trustPoints: readonly { label: string; icon: LucideIcon }[] = [
  { label: 'IATA accredited', icon: BadgeCheckIcon },
  { label: 'Secure payments', icon: ShieldCheckIcon },
  { label: '24/7 expert support', icon: HeadsetIcon },
];

export function HomeHero({ brandName, phone }: { brandName: string; phone: string }) {
  return (
    <section
      aria-labelledby="home-hero-title"
      className="bg-gradient-to-b from-muted to-background px-4 pt-14 pb-16 sm:pt-20 sm:pb-20"
    >
      <div className="mx-auto flex max-w-4xl flex-col items-center gap-6 text-center">
        <h1
          id="home-hero-title"
          className="text-4xl font-bold tracking-tight text-balance text-foreground sm:text-5xl"
        >
          Find and book flights worldwide
        </h1>
        <p className="max-w-2xl text-lg text-pretty text-foreground">
          Compare fares from airlines around the world, choose your seats and book in minutes with{' '}
          {brandName}. Every price includes taxes and fees, so what you see is what you pay.
        </p>
        <div className="flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
          <ScrollToSearchButton>Search Flights</ScrollToSearchButton>
          <CallButton phone={phone} />
        </div>
        <ul className="flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm font-medium text-foreground">
          {trustPoints.map(({ label, icon: Icon }) => (
            <li key={label} className="inline-flex items-center gap-2">
              <Icon className="size-4 text-primary" aria-hidden="true" />
              {label}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
