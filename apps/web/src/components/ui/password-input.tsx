import { EyeIcon, EyeOffIcon } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { Input } from './input';

export type PasswordInputProps = Omit<ComponentProps<'input'>, 'type'> & {
  /** Names the field in the toggle's accessible name ("Show {revealLabel}"). */
  revealLabel?: string;
};

/**
 * A password field with a show/hide toggle. Id, aria attributes and the ref go to the <input>
 * itself, so it works inside <Field> and with react-hook-form's `register`.
 */
export function PasswordInput({
  className,
  revealLabel = 'password',
  ...props
}: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <div data-slot="password-input" className={cn('relative', className)}>
      <Input
        {...props}
        type={visible ? 'text' : 'password'}
        // Keeps the typed text clear of the toggle (Tailwind sorts padding-right after Input's
        // padding-inline, so it wins); Edge's own reveal button would double the toggle.
        className="pr-11 [&::-ms-reveal]:hidden"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
      />
      <button
        type="button"
        className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-50"
        aria-label={`${visible ? 'Hide' : 'Show'} ${revealLabel}`}
        aria-controls={props.id}
        disabled={props.disabled}
        onClick={() => {
          setVisible((current) => !current);
        }}
      >
        {visible ? (
          <EyeOffIcon className="size-4" aria-hidden="true" />
        ) : (
          <EyeIcon className="size-4" aria-hidden="true" />
        )}
      </button>
    </div>
  );
}
