import type { BookingView } from '@contrail/contracts/bookings';
import { ArrowRightIcon } from 'lucide-react';

/** The extra checked bags bought for one passenger, per slice. */
export function PassengerBags({
  booking,
  passenger,
}: {
  booking: BookingView;
  passenger: BookingView['passengers'][number];
}) {
  const bags = booking.bags.filter((bag) => bag.passengerId === passenger.id);
  if (bags.length === 0) return null;
  return (
    <ul
      aria-label={`Extra bags of ${passenger.firstName} ${passenger.lastName}`}
      className="grid gap-1"
    >
      {bags.map((bag) => {
        const slice = booking.slices.find((s) =>
          s.segments.some((g) => g.id === bag.segmentIds[0]),
        );
        return (
          <li key={bag.segmentIds.join()} className="flex items-center justify-between gap-2">
            <span className="flex items-center gap-1 text-muted-foreground">
              {slice?.origin.iata_code}
              <ArrowRightIcon className="size-3" aria-hidden="true" />{' '}
              <span className="sr-only">to</span> {slice?.destination.iata_code}
            </span>
            <span className="font-medium text-foreground">
              {bag.quantity} extra checked bag{bag.quantity === 1 ? '' : 's'}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
