import { tripCalendar, tripCalendarFileName } from '@contrail/contracts/calendar';
import type { Slice } from '@contrail/contracts/offers';
import { CalendarPlusIcon } from 'lucide-react';
import { Button } from './button';

interface AddToCalendarButtonProps {
  bookingReference: string;
  slices: readonly Pick<Slice, 'segments'>[];
  className?: string;
}

/**
 * Downloads the trip as an .ics file, one event per flight, which any calendar opens. Made in the
 * browser from what the page shows: nothing is asked of the server.
 */
export function AddToCalendarButton({
  bookingReference,
  slices,
  className,
}: AddToCalendarButtonProps) {
  return (
    <Button
      type="button"
      variant="outline"
      className={className}
      onClick={() => {
        const file = tripCalendar({ bookingReference, slices, now: new Date() });
        const url = URL.createObjectURL(new Blob([file], { type: 'text/calendar;charset=utf-8' }));
        const link = document.createElement('a');
        link.href = url;
        link.download = tripCalendarFileName(bookingReference);
        document.body.append(link);
        link.click();
        link.remove();
        // After the download has started with it.
        setTimeout(() => URL.revokeObjectURL(url), 0);
      }}
    >
      <CalendarPlusIcon aria-hidden="true" />
      Add to Calendar
    </Button>
  );
}
