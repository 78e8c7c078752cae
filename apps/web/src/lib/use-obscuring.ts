import { useEffect, type RefObject } from 'react';

/** The CSS variables styles.css adds to the page's scroll padding. */
const OBSCURED_VARIABLES = { top: '--obscured-top', bottom: '--obscured-bottom' } as const;

type Edge = keyof typeof OBSCURED_VARIABLES;

const bars: Record<Edge, Map<HTMLElement, number>> = { top: new Map(), bottom: new Map() };

// Bars on one edge overlap (the cookie banner over the offer page's Book bar): the tallest counts.
function publish(edge: Edge): void {
  const tallest = Math.max(0, ...bars[edge].values());
  const root = document.documentElement;
  if (tallest === 0) root.style.removeProperty(OBSCURED_VARIABLES[edge]);
  else root.style.setProperty(OBSCURED_VARIABLES[edge], `${Math.ceil(tallest)}px`);
}

/**
 * For a bar fixed or stuck to an edge of the viewport (besides the site header, which styles.css
 * counts already): its height, kept up to date as the viewport or the text size changes, becomes
 * part of the page's scroll padding, so the browser scrolls whatever takes the focus clear of it
 * (WCAG 2.4.11). A hidden bar (display: none at this width) counts for nothing.
 */
export function useObscuring(ref: RefObject<HTMLElement | null>, edge: Edge): void {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const update = () => {
      bars[edge].set(element, element.getBoundingClientRect().height);
      publish(edge);
    };
    update();
    // Where ResizeObserver is missing (older browsers, test DOMs) the window's size still counts.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(element);
    window.addEventListener('resize', update);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', update);
      bars[edge].delete(element);
      publish(edge);
    };
  }, [ref, edge]);
}
