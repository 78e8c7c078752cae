import { useId, type ReactNode, type Ref } from 'react';
import { Label } from '../../../components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../../components/ui/select';

interface SelectFieldProps {
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  onBlur?: () => void;
  options: readonly (readonly [value: string, label: string])[];
  placeholder: string;
  error?: string | undefined;
  name?: string;
  disabled?: boolean;
  triggerRef?: Ref<HTMLButtonElement>;
  autoComplete?: string;
}

/** A labelled select with its error, wired for assistive technology like `Field`. */
export function SelectField({
  label,
  value,
  onValueChange,
  onBlur,
  options,
  placeholder,
  error,
  name,
  disabled,
  triggerRef,
  autoComplete,
}: SelectFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Select
        // Radix treats '' as "nothing chosen" only through undefined.
        value={value === '' ? undefined : value}
        onValueChange={onValueChange}
        {...(name ? { name } : {})}
        {...(disabled ? { disabled } : {})}
        {...(autoComplete ? { autoComplete } : {})}
      >
        <SelectTrigger
          id={id}
          ref={triggerRef}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        >
          <SelectValue placeholder={placeholder} />
        </SelectTrigger>
        <SelectContent>
          {options.map(([optionValue, optionLabel]) => (
            <SelectItem key={optionValue} value={optionValue}>
              {optionLabel}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
