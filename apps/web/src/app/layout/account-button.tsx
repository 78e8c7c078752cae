import type { ComponentProps } from 'react';
import { buttonVariants } from '../../components/ui/button-variants';
import { cn } from '../../lib/cn';
import { ChevronDownIcon, UserIcon } from './shell-icons';

/**
 * The account menu's trigger; also shown (inert) while the menu's code loads, so nothing shifts.
 * A Button's element and classes, without the Button component (the shell's entry chunk).
 */
export function AccountButton({
  firstName,
  className = 'max-w-48',
  ...props
}: { firstName: string } & ComponentProps<'button'>) {
  return (
    <button
      data-slot="button"
      className={cn(buttonVariants({ variant: 'outline' }), className)}
      {...props}
    >
      <UserIcon aria-hidden="true" />
      <span className="truncate">{firstName}</span>
      <ChevronDownIcon aria-hidden="true" />
    </button>
  );
}
