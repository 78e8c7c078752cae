import type { SearchCriteria } from '@contrail/contracts/search-rules';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { useCurrentUser } from '../../auth';
import { priceAlertTexts } from '../lib/price-alert-texts';
import { PriceAlertForm } from './price-alert-form';

export interface TrackPricesDialogProps {
  criteria: SearchCriteria;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The current search's price alert, in a dialog (loaded once Track prices is first wanted). */
export function TrackPricesDialog({ criteria, open, onOpenChange }: TrackPricesDialogProps) {
  const { data: user } = useCurrentUser();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{priceAlertTexts.track}</DialogTitle>
          <DialogDescription>{priceAlertTexts.dialogIntro}</DialogDescription>
        </DialogHeader>
        <PriceAlertForm criteria={criteria} signedIn={Boolean(user)} />
      </DialogContent>
    </Dialog>
  );
}
