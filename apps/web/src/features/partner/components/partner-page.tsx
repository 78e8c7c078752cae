import type { ReactNode } from 'react';
import { usePhoneConversions } from '../hooks/use-phone-conversions';
import type { PartnerBrand } from '../lib/partner-brand';
import { AirlineList } from './airline-list';
import { ContactCards } from './contact-cards';
import { PartnerFeatures } from './partner-features';
import { PartnerHero } from './partner-hero';
import { Promotions } from './promotions';

interface PartnerPageProps {
  brand: PartnerBrand;
  /** The flight search form, composed by the route. */
  searchForm: ReactNode;
}

/**
 * The partner landing page (/expedia; its title and description come from the page table like every
 * page's): the search form, the partner airlines, six feature cards, three promotions and the
 * contact cards. Phone links report a conversion before dialling.
 */
export function PartnerPage({ brand, searchForm }: PartnerPageProps) {
  usePhoneConversions();
  return (
    <>
      <PartnerHero brand={brand} searchForm={searchForm} />
      <AirlineList />
      <PartnerFeatures brandName={brand.name} />
      <Promotions />
      <ContactCards brand={brand} />
    </>
  );
}
