import { ChevronDownIcon, UserIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '../../components/ui/button';

/** The account menu's trigger; also shown (inert) while the menu's code loads, so nothing shifts. */
export function AccountButton({
  firstName,
  ...props
}: { firstName: string } & ComponentProps<typeof Button>) {
  return (
    <Button variant="outline" className="max-w-48" {...props}>
      <UserIcon aria-hidden="true" />
      <span className="truncate">{firstName}</span>
      <ChevronDownIcon aria-hidden="true" />
    </Button>
  );
}
