import { CalendarDaysIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogTrigger } from '../../../components/ui/dialog';
import { useAirports } from '../api/get-airports';
import { localToday, type SearchFormValues } from '../lib/search-form';
import { PriceCalendarDialog } from './price-calendar-dialog';

const FORM_PRICE_CALENDAR_TEXT = 'Price calendar';
const FORM_PRICE_CALENDAR_HINT = 'Choose where from and where to for the price calendar';

interface SearchFormPriceCalendarProps {
  id: string;
  values: SearchFormValues;
  /**
   * A day was chosen: its departure, and for a round trip its return (the chosen trip length).
   * The form takes the dates and searches them.
   */
  onPick: (departureDate: string, returnDate: string | undefined) => void;
}

/**
 * Beside the search form's dates: the month's cheapest prices for the chosen route, once both
 * airports are chosen. Choosing a day fills the form's dates and searches them.
 */
export function SearchFormPriceCalendar({ id, values, onPick }: SearchFormPriceCalendarProps) {
  const [open, setOpen] = useState(false);
  const ready = values.origin !== '' && values.destination !== '';
  const airports = useAirports(ready);
  const cityOf = (code: string) =>
    airports.data?.find((airport) => airport.iata_code === code)?.city_name ?? code;
  const hintId = `${id}-price-calendar-hint`;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <div className="flex items-center gap-2">
        <DialogTrigger asChild>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={!ready}
            aria-describedby={ready ? undefined : hintId}
          >
            <CalendarDaysIcon aria-hidden="true" />
            {FORM_PRICE_CALENDAR_TEXT}
          </Button>
        </DialogTrigger>
        {ready ? null : (
          <span id={hintId} className="sr-only">
            {FORM_PRICE_CALENDAR_HINT}
          </span>
        )}
      </div>
      {open && ready ? (
        <PriceCalendarDialog
          target={{ onPick }}
          criteria={{
            origin: values.origin,
            destination: values.destination,
            departureDate: values.departureDate || localToday(),
            returnDate: values.returnDate || undefined,
            cabinClass: values.cabinClass,
            tripType: values.tripType === 'round-trip' ? 'round-trip' : 'one-way',
          }}
          originCity={cityOf(values.origin)}
          destinationCity={cityOf(values.destination)}
          onChoose={() => setOpen(false)}
        />
      ) : null}
    </Dialog>
  );
}
