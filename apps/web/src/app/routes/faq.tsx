import { useBrand } from '../../features/brand/hooks/use-brand';
import { FaqPage } from '../../features/help/components/faq-page';
import { useHashTab } from '../../features/help/hooks/use-hash-tab';
import { FAQ_CATEGORIES } from '../../features/help/lib/faq-data';
import { brandDisplayName } from '../../theme/apply-brand';

export function FaqRoute() {
  const { brand } = useBrand();
  // `/faq#payment` opens the Payment tab (the support page's help topics link there).
  const [category, setCategory] = useHashTab(FAQ_CATEGORIES, 'booking');
  return (
    <FaqPage
      brandName={brandDisplayName(brand)}
      phone={brand.contact.phone}
      category={category}
      onCategoryChange={setCategory}
    />
  );
}
