import { useId, type ReactElement, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Label } from './label';
import { Slot } from './slot';

interface FieldProps {
  label: ReactNode;
  /** The single form control; it receives id, aria-describedby and aria-invalid. */
  children: ReactElement;
  description?: ReactNode;
  error?: string | undefined;
  /** Hides the label visually but keeps it for assistive technology. */
  hideLabel?: boolean;
  className?: string;
  id?: string;
}

/** A label, one control and its hint and error message, wired together for assistive technology. */
export function Field({
  label,
  children,
  description,
  error,
  hideLabel = false,
  className,
  id,
}: FieldProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const descriptionId = `${controlId}-description`;
  const errorId = `${controlId}-error`;
  const describedBy =
    [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(' ') ||
    undefined;

  return (
    <div data-slot="field" className={cn('grid gap-2', className)}>
      <Label htmlFor={controlId} className={cn(hideLabel && 'sr-only')}>
        {label}
      </Label>
      <Slot id={controlId} aria-describedby={describedBy} aria-invalid={error ? true : undefined}>
        {children}
      </Slot>
      {description ? (
        <p id={descriptionId} className="text-sm text-muted-foreground">
          {description}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
