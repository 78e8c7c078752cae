import { useBrand } from '../../features/brand/hooks/use-brand';
import { ContactPage } from '../../features/help/components/contact-page';
import { brandDisplayName } from '../../theme/apply-brand';

export function ContactRoute() {
  const { brand } = useBrand();
  return <ContactPage brand={{ name: brandDisplayName(brand), ...brand.contact }} />;
}
