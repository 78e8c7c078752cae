import { cn } from '../../lib/cn';

// A button's classes, apart from the Button component (button.tsx): the page shell draws its few
// buttons with them, and so the entry chunk carries neither the component nor its `asChild` slot.

const BUTTON_BASE =
  'inline-flex shrink-0 items-center justify-center gap-2 rounded-md font-medium whitespace-nowrap transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:pointer-events-none disabled:opacity-50 aria-invalid:ring-2 aria-invalid:ring-destructive [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*="size-"])]:size-4';

// A button's variants (as class-variance-authority would write them, which the entry chunk then
// need not carry): the default of each is `default`.
const BUTTON_VARIANTS = {
  variant: {
    default: 'bg-primary text-primary-foreground shadow-sm hover:bg-primary/90',
    secondary: 'bg-secondary text-secondary-foreground shadow-sm hover:bg-secondary/85',
    outline:
      'border border-input bg-background text-foreground shadow-sm hover:bg-accent hover:text-accent-foreground',
    ghost: 'text-foreground hover:bg-accent hover:text-accent-foreground',
    destructive: 'bg-destructive text-destructive-foreground shadow-sm hover:bg-destructive/90',
    link: 'text-primary underline-offset-4 hover:underline',
  },
  size: {
    default: 'h-10 px-4 py-2 text-sm',
    sm: 'h-8 px-3 text-xs',
    lg: 'h-11 px-6 text-base',
    icon: 'size-10 text-sm',
  },
} as const;

export interface ButtonStyle {
  variant?: keyof typeof BUTTON_VARIANTS.variant | null;
  size?: keyof typeof BUTTON_VARIANTS.size | null;
  className?: string;
}

/** A button's classes, for an element styled as one (a link, say). */
export function buttonVariants({ variant, size, className }: ButtonStyle = {}): string {
  return cn(
    BUTTON_BASE,
    BUTTON_VARIANTS.variant[variant ?? 'default'],
    BUTTON_VARIANTS.size[size ?? 'default'],
    className,
  );
}
