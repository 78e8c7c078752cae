import type { ReactNode } from 'react';
import { usePageMeta } from '../hooks/use-page-meta';
import { usePhoneConversions } from '../hooks/use-phone-conversions';
import { partnerPageDescription, partnerPageTitle } from '../lib/partner-content';
import type { PartnerBrand } from '../lib/partner-brand';
import { AirlineList } from './airline-list';
import { ContactCards } from './contact-cards';
import { PartnerFeatures } from './partner-features';
import { PartnerHero } from './partner-hero';
import { Promotions } from './promotions';

interface PartnerPageProps {
  brand: PartnerBrand;
  /** The title restored on leaving: `{brand name} - Flight Booking`. */
  brandTitle: string;
  /** The flight search form, composed by the route. */
  searchForm: ReactNode;
}

/**
 * The partner landing page (/expedia, spec 000 §2): its own title and description, the search
 * form, the partner airlines, six feature cards, three promotions and the contact cards. Phone
 * links report a conversion before dialling.
 */
export function PartnerPage({ brand, brandTitle, searchForm }: PartnerPageProps) {
  usePageMeta({
    title: partnerPageTitle(brand.name),
    description: partnerPageDescription(brand.name),
    restoreTitle: brandTitle,
  });
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
