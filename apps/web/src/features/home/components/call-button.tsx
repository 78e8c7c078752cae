import { PhoneIcon } from 'lucide-react';
import { Button, type ButtonProps } from '../../../components/ui/button';
import { telHref } from '../../../lib/formatters';

/** A button-styled `tel:` link to the brand's phone. */
export function CallButton({
  phone,
  variant = 'outline',
  className,
}: {
  phone: string;
  variant?: ButtonProps['variant'];
  className?: string;
}) {
  return (
    <Button asChild size="lg" variant={variant} className={className}>
      <a href={telHref(phone)}>
        <PhoneIcon aria-hidden="true" />
        Call {phone}
      </a>
    </Button>
  );
}
