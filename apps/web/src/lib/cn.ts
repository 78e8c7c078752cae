import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names. Deliberately without tailwind-merge (8 KB gzip, 5% of the home page's
 * JavaScript budget): primitives take `className` for additions (layout, spacing, width) and
 * expose variants for anything that changes one of their own utilities, so classes never
 * compete and nothing needs merging.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
