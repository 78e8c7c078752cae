import { Slider as SliderPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

interface SliderProps extends ComponentProps<typeof SliderPrimitive.Root> {
  /** One accessible name per thumb, e.g. ['Earliest departure', 'Latest departure']. */
  thumbLabels: readonly string[];
  /** Spoken value of each thumb, when the number alone says too little ('06:00'). */
  thumbValueText?: (value: number) => string;
}

/** A range input with one or two thumbs (Radix Slider: arrow keys, Home/End, Page Up/Down). */
export function Slider({ className, thumbLabels, thumbValueText, ...props }: SliderProps) {
  const values = props.value ?? props.defaultValue ?? [];
  return (
    <SliderPrimitive.Root
      data-slot="slider"
      className={cn(
        'relative flex w-full touch-none items-center py-2 select-none data-[disabled]:opacity-50',
        className,
      )}
      {...props}
    >
      <SliderPrimitive.Track className="relative h-1.5 w-full grow overflow-hidden rounded-full bg-muted">
        <SliderPrimitive.Range className="absolute h-full bg-primary" />
      </SliderPrimitive.Track>
      {values.map((value, index) => (
        <SliderPrimitive.Thumb
          // Thumbs are positional: their order never changes.
          key={thumbLabels[index] ?? index}
          aria-label={thumbLabels[index]}
          {...(thumbValueText ? { 'aria-valuetext': thumbValueText(value) } : {})}
          className="block size-5 rounded-full border-2 border-primary bg-background shadow-sm transition-shadow outline-none hover:ring-4 hover:ring-ring/20 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
        />
      ))}
    </SliderPrimitive.Root>
  );
}
