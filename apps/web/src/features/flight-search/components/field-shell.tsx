import type { ReactNode } from 'react';
import { Label } from '../../../components/ui/label';
import { cn } from '../../../lib/cn';

// `focus-within:`: a date field whose calendar button has the focus matches only `:focus-within`.
export const dateInputClass =
  'flex h-12 w-full min-w-0 rounded-md border border-input bg-background px-3 py-2 text-base text-foreground shadow-xs transition-colors outline-none focus-within:border-ring focus-within:ring-2 focus-within:ring-ring/30 disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-60 aria-invalid:border-destructive md:text-sm';

export const fieldLabelClass =
  'text-xs font-semibold tracking-wide text-muted-foreground uppercase';

/** A search field with its label above and its message below (`{id}-error`). */
export function FieldShell({
  id,
  label,
  error,
  className,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('grid min-w-0 content-start gap-1.5', className)}>
      <Label htmlFor={id} className={fieldLabelClass}>
        {label}
      </Label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-xs font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
