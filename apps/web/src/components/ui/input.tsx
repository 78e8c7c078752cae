import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

// The ring follows `:focus-within`, not `:focus-visible`: a text field matches both, but a date
// field whose calendar button has the focus matches only `:focus-within` in Chromium.
export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return (
    <input
      type={type}
      data-slot="input"
      className={cn(
        'flex h-10 w-full min-w-0 rounded-md border border-input bg-background px-3 py-2 text-base text-foreground shadow-xs transition-colors outline-none placeholder:text-muted-foreground focus-within:ring-2 focus-within:ring-ring focus-within:ring-offset-1 focus-within:ring-offset-background disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive aria-invalid:ring-destructive md:text-sm',
        className,
      )}
      {...props}
    />
  );
}
