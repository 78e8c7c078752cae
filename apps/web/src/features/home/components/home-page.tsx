import type { ReactNode } from 'react';
import { PRICE_ALERTS_TITLE, travelServices, whyBookFeatures } from '../lib/home-content';
import { FeatureSection } from './feature-section';
import { HomeCta } from './home-cta';
import { HomeHero } from './home-hero';
import { SearchSection } from './search-section';

interface HomePageProps {
  brandName: string;
  /** The brand's phone, or the default brand's when it has none. */
  phone: string;
  /** The flight search form, composed by the route. */
  searchForm: ReactNode;
  /** The Price Alerts card's form (tracks the last search), composed by the route. */
  priceAlertForm?: ReactNode;
}

/** The home page: hero, search form, benefit sections, closing call to action. */
export function HomePage({ brandName, phone, searchForm, priceAlertForm }: HomePageProps) {
  return (
    <>
      <HomeHero brandName={brandName} phone={phone} />
      <SearchSection>{searchForm}</SearchSection>
      <FeatureSection
        id="home-why-book"
        title={`Why book with ${brandName}`}
        description="Everything you need to book with confidence, from the first search to the day you fly."
        features={whyBookFeatures}
        columns={4}
      />
      <FeatureSection
        id="home-services"
        title="Travel services"
        description="From planning the route to boarding the plane, we help at every step of your trip."
        features={travelServices}
        columns={3}
        tinted
        extras={priceAlertForm ? { [PRICE_ALERTS_TITLE]: priceAlertForm } : {}}
      />
      <div className="pt-16 sm:pt-24">
        <HomeCta phone={phone} />
      </div>
    </>
  );
}
