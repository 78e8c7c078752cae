import type { SearchCriteria } from '@contrail/contracts/search-rules';
import { CalendarDaysIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useAirports } from '../api/get-airports';
import type { SearchPageSearch } from '../lib/search-params';

const loadPopup = () => import('./price-calendar-popup');
const PriceCalendarPopup = lazy(() => loadPopup().then((m) => ({ default: m.PriceCalendarPopup })));

interface PriceCalendarButtonProps {
  search: SearchPageSearch;
  criteria: SearchCriteria;
}

/**
 * Under the ±3-day strip: opens the whole month's prices for the same trip. The calendar's code
 * (its dialog, grid and prices) is fetched when the button is first pointed at, focused or
 * pressed.
 */
export function PriceCalendarButton({ search, criteria }: PriceCalendarButtonProps) {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  // The list the results page has already asked for.
  const airports = useAirports(true);
  const cityOf = (code: string) =>
    airports.data?.find((airport) => airport.iata_code === code)?.city_name ?? code;
  return (
    <div className="-mt-3 flex justify-end">
      <Button
        type="button"
        variant="outline"
        size="sm"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadPopup()}
        onFocus={() => void loadPopup()}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
      >
        <CalendarDaysIcon aria-hidden="true" />
        Price calendar
      </Button>
      {mounted ? (
        <Suspense fallback={null}>
          <PriceCalendarPopup
            open={open}
            onOpenChange={setOpen}
            target={{ search }}
            criteria={criteria}
            originCity={cityOf(criteria.origin)}
            destinationCity={cityOf(criteria.destination)}
            onChoose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
