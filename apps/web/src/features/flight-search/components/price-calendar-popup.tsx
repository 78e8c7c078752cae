import type { ComponentProps } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import { PriceCalendarDialog } from './price-calendar-dialog';

/**
 * The results page's price calendar in its dialog: loaded once the Price calendar button is first
 * wanted (`price-calendar-button.tsx`), not with the results.
 */
export function PriceCalendarPopup({
  open,
  onOpenChange,
  ...calendar
}: ComponentProps<typeof PriceCalendarDialog> & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? <PriceCalendarDialog {...calendar} /> : null}
    </Dialog>
  );
}
