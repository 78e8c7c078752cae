import type { SearchCriteria } from '@contrail/contracts/flight-search';
import { CalendarDaysIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogTrigger } from '../../../components/ui/dialog';
import { useAirports } from '../api/get-airports';
import type { SearchPageSearch } from '../lib/search-params';
import { PriceCalendarDialog } from './price-calendar-dialog';

interface PriceCalendarButtonProps {
  search: SearchPageSearch;
  criteria: SearchCriteria;
}

/** Under the ±3-day strip: opens the whole month's prices for the same trip. */
export function PriceCalendarButton({ search, criteria }: PriceCalendarButtonProps) {
  const [open, setOpen] = useState(false);
  // The list the results page has already asked for.
  const airports = useAirports(true);
  const cityOf = (code: string) =>
    airports.data?.find((airport) => airport.iata_code === code)?.city_name ?? code;
  return (
    <div className="-mt-3 flex justify-end">
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogTrigger asChild>
          <Button type="button" variant="outline" size="sm">
            <CalendarDaysIcon aria-hidden="true" />
            Price calendar
          </Button>
        </DialogTrigger>
        {open ? (
          <PriceCalendarDialog
            target={{ search }}
            criteria={criteria}
            originCity={cityOf(criteria.origin)}
            destinationCity={cityOf(criteria.destination)}
            onChoose={() => setOpen(false)}
          />
        ) : null}
      </Dialog>
    </div>
  );
}
