import type { SearchCriteria } from '@contrail/contracts/search-rules';
import { BellRingIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { priceAlertTexts } from '../lib/price-alert-texts';

const loadDialog = () => import('./track-prices-dialog');
const TrackPricesDialog = lazy(() => loadDialog().then((m) => ({ default: m.TrackPricesDialog })));

/**
 * The results page's "Track prices": the current search's price alert, in a dialog. The dialog's
 * code (focus trap, scroll lock, the alert form) is fetched when the button is first pointed at,
 * focused or pressed, not with the results.
 */
export function TrackPricesButton({ criteria }: { criteria: SearchCriteria }) {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
      >
        <BellRingIcon aria-hidden="true" />
        {priceAlertTexts.track}
      </Button>
      {mounted ? (
        <Suspense fallback={null}>
          <TrackPricesDialog criteria={criteria} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
