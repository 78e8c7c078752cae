import { hexColorSchema } from '@contrail/contracts/brands';
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { expandHex } from '../lib/brand-form';

interface ColourFieldProps {
  label: string;
  /** The hex text input's registration. */
  registration: UseFormRegisterReturn;
  /** The field's current value. */
  value: string | undefined;
  /** Sets the field from the picker. */
  onPick: (hex: string) => void;
  /** What the picker shows while the typed value is not a valid colour. */
  fallback: string;
  error: string | undefined;
}

/** A brand colour: the browser's colour picker and a hex text input, bound to one field. */
export function ColourField({
  label,
  registration,
  value,
  onPick,
  fallback,
  error,
}: ColourFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const valid = hexColorSchema.safeParse(value ?? '');
  const pickerValue = expandHex(valid.success ? valid.data : fallback);

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <input
          type="color"
          aria-label={`${label} picker`}
          value={pickerValue}
          onChange={(event) => {
            onPick(event.target.value);
          }}
          className="h-10 w-12 shrink-0 cursor-pointer rounded-md border border-input bg-background p-1 outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1 focus-visible:ring-offset-background"
        />
        <Input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          autoComplete="off"
          spellCheck={false}
          maxLength={7}
          placeholder="#1a73e8"
          className="font-mono"
          {...registration}
        />
      </div>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
