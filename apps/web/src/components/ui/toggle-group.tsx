import {
  createContext,
  use,
  useState,
  type ComponentProps,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { cn } from '../../lib/cn';

/**
 * A row of toggle buttons of which one is chosen: a radio group, as Radix's ToggleGroup of type
 * "single" is one (role radiogroup, each button a radio with aria-checked, data-state on or off),
 * without its runtime (about 7 KB gzipped on the results page's first render). One Tab stop: the
 * chosen button, or the one last focused; the arrow keys move the focus round the row, Home and
 * End to its ends, and Space or Enter chooses. Choosing the chosen button again asks for ''
 * (nothing), as Radix does.
 */

interface ToggleGroupContextValue {
  value: string;
  onValueChange: (value: string) => void;
  /** The button Tab reaches: the one last focused, else the chosen one. */
  tabStop: string;
  setFocused: (value: string) => void;
}

const ToggleGroupContext = createContext<ToggleGroupContextValue | null>(null);

/** The next button of the row for `key`, looping round; null for another key. */
function target(items: HTMLElement[], current: number, key: string): HTMLElement | null {
  const last = items.length - 1;
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return items[current >= last ? 0 : current + 1] ?? null;
    case 'ArrowLeft':
    case 'ArrowUp':
      return items[current <= 0 ? last : current - 1] ?? null;
    case 'Home':
    case 'PageUp':
      return items[0] ?? null;
    case 'End':
    case 'PageDown':
      return items[last] ?? null;
    default:
      return null;
  }
}

function moveFocus(event: KeyboardEvent<HTMLDivElement>): void {
  if (event.metaKey || event.ctrlKey || event.altKey || event.shiftKey) return;
  const items = [
    ...event.currentTarget.querySelectorAll<HTMLElement>(
      '[data-slot="toggle-group-item"]:not(:disabled)',
    ),
  ];
  const current = items.findIndex((item) => item === document.activeElement);
  const next = target(items, current, event.key);
  if (!next) return;
  event.preventDefault();
  next.focus();
}

interface ToggleGroupProps extends Omit<ComponentProps<'div'>, 'onChange' | 'defaultValue'> {
  /** The chosen button's value (one of the items'). */
  value: string;
  onValueChange: (value: string) => void;
  children: ReactNode;
}

export function ToggleGroup({
  value,
  onValueChange,
  className,
  onKeyDown,
  ...props
}: ToggleGroupProps) {
  const [focused, setFocused] = useState<string | null>(null);
  return (
    <ToggleGroupContext value={{ value, onValueChange, tabStop: focused ?? value, setFocused }}>
      <div
        role="radiogroup"
        data-slot="toggle-group"
        className={cn('inline-flex items-stretch gap-1 rounded-lg bg-muted p-1', className)}
        onKeyDown={(event) => {
          onKeyDown?.(event);
          if (!event.defaultPrevented) moveFocus(event);
        }}
        {...props}
      />
    </ToggleGroupContext>
  );
}

interface ToggleGroupItemProps extends Omit<ComponentProps<'button'>, 'value'> {
  value: string;
}

export function ToggleGroupItem({
  value,
  className,
  onClick,
  onFocus,
  ...props
}: ToggleGroupItemProps) {
  const group = use(ToggleGroupContext);
  if (!group) throw new Error('ToggleGroupItem must be inside a ToggleGroup');
  const checked = group.value === value;
  return (
    <button
      type="button"
      role="radio"
      aria-checked={checked}
      data-state={checked ? 'on' : 'off'}
      data-slot="toggle-group-item"
      tabIndex={group.tabStop === value ? 0 : -1}
      className={cn(
        'inline-flex flex-1 flex-col items-center justify-center gap-0.5 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-50 data-[state=on]:bg-background data-[state=on]:text-foreground data-[state=on]:shadow-sm',
        className,
      )}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) group.onValueChange(checked ? '' : value);
      }}
      onFocus={(event) => {
        onFocus?.(event);
        group.setFocused(value);
      }}
      {...props}
    />
  );
}
