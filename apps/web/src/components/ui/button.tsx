import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { buttonVariants, type ButtonStyle } from './button-variants';
import { Slot } from './slot';

export { buttonVariants } from './button-variants';

export type ButtonProps = ComponentProps<'button'> &
  Omit<ButtonStyle, 'className'> & {
    /** Renders the single child (a link, say) with the button's styles instead of a <button>. */
    asChild?: boolean;
  };

export function Button({ className, variant, size, asChild = false, ...props }: ButtonProps) {
  const Component = asChild ? Slot : 'button';
  return (
    <Component
      data-slot="button"
      className={cn(buttonVariants({ variant, size }), className)}
      {...props}
    />
  );
}
