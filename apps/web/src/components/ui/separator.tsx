import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

type SeparatorProps = ComponentProps<'div'> & {
  orientation?: 'horizontal' | 'vertical';
  /** Only a visual divider (the default): hidden from assistive technology. */
  decorative?: boolean;
};

/** A line between sections, with the roles and data attributes of Radix's Separator. */
export function Separator({
  className,
  orientation = 'horizontal',
  decorative = true,
  ...props
}: SeparatorProps) {
  const semantics = decorative
    ? { role: 'none' }
    : {
        role: 'separator',
        'aria-orientation': orientation === 'vertical' ? orientation : undefined,
      };
  return (
    <div
      data-slot="separator"
      data-orientation={orientation}
      {...semantics}
      className={cn(
        'shrink-0 bg-border data-[orientation=horizontal]:h-px data-[orientation=horizontal]:w-full data-[orientation=vertical]:h-full data-[orientation=vertical]:w-px',
        className,
      )}
      {...props}
    />
  );
}
