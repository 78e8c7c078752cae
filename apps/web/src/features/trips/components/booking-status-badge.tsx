import type { BookingStatus } from '@contrail/contracts/bookings';
import { CircleCheckIcon, CircleXIcon, ClockIcon, PlaneLandingIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge, type BadgeProps } from '../../../components/ui/badge';
import { statusLabels } from '../lib/trip-format';

const looks: Record<BookingStatus, { variant: BadgeProps['variant']; icon: ReactNode }> = {
  confirmed: { variant: 'default', icon: <CircleCheckIcon aria-hidden="true" /> },
  pending: { variant: 'secondary', icon: <ClockIcon aria-hidden="true" /> },
  completed: { variant: 'outline', icon: <PlaneLandingIcon aria-hidden="true" /> },
  cancelled: { variant: 'destructive', icon: <CircleXIcon aria-hidden="true" /> },
};

export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  const look = looks[status];
  return (
    <Badge variant={look.variant} data-status={status}>
      {look.icon}
      {statusLabels[status]}
    </Badge>
  );
}
