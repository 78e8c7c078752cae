import type { SearchCriteria } from '@contrail/contracts/flight-search';
import { BellRingIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog';
import { useCurrentUser } from '../../auth';
import { PriceAlertForm, priceAlertTexts } from './price-alert-form';

/** The results page's "Track prices": the current search's price alert, in a dialog. */
export function TrackPricesButton({ criteria }: { criteria: SearchCriteria }) {
  const { data: user } = useCurrentUser();
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <BellRingIcon aria-hidden="true" />
          {priceAlertTexts.track}
        </Button>
      </DialogTrigger>
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
