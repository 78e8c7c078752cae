import { useRef } from 'react';

/** An element that had the focus, and its ancestors then (it may have left the page since). */
interface Opener {
  element: Element;
  ancestors: Element[];
}

// Where each open dialog's focus goes back to, for a dialog opened from inside another one
// (My Trips' details open the cancel confirmation): when the first opener has gone with its
// dialog, the focus goes back to what opened that one.
const openers = new WeakMap<Element, Opener[]>();

function focusable(element: Element): element is HTMLElement {
  if (!(element instanceof HTMLElement) || !element.isConnected) return false;
  if (element.matches(':disabled, [inert], [inert] *')) return false;
  // Not shown (display: none, a collapsed panel): not a place for the focus.
  return typeof element.checkVisibility === 'function' ? element.checkVisibility() : true;
}

const FOCUSABLE =
  'a[href], button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

function openerOf(element: Element): Opener {
  const ancestors: Element[] = [];
  for (let node = element.parentElement; node && node !== document.body; node = node.parentElement)
    ancestors.push(node);
  return { element, ancestors };
}

/**
 * Focus return for dialogs opened from page state rather than from a trigger button (WCAG
 * 2.4.3): Radix gives the focus back to its Trigger and, without one, to nothing (the <body>).
 * The element focused when the dialog opened gets it back; where that one has gone (the booking
 * cancelled in the dialog left its list), the first control in the nearest part of the page that
 * held it and is still there, else the main region.
 */
export function useReturnFocus<OpenEvent extends Event, CloseEvent extends Event>({
  onOpenAutoFocus,
  onCloseAutoFocus,
}: {
  onOpenAutoFocus?: ((event: OpenEvent) => void) | undefined;
  onCloseAutoFocus?: ((event: CloseEvent) => void) | undefined;
}) {
  const chain = useRef<Opener[]>([]);
  return {
    onOpenAutoFocus: (event: OpenEvent) => {
      // Radix asks before it moves the focus: what has it now opened the dialog.
      const opener = document.activeElement;
      const outer = opener?.closest('[role="dialog"], [role="alertdialog"]');
      chain.current = [
        ...(opener && opener !== document.body ? [openerOf(opener)] : []),
        ...((outer && openers.get(outer)) ?? []),
      ];
      const content = event.target;
      if (content instanceof Element) openers.set(content, chain.current);
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: CloseEvent) => {
      onCloseAutoFocus?.(event);
      if (event.defaultPrevented) return;
      event.preventDefault();
      // The page has already put the focus somewhere while the dialog closed (a cancellation's
      // result, a new page's heading): it stays there. Focus left inside the dialog went with it.
      const active = document.activeElement;
      if (active && active !== document.body && active.isConnected) return;
      returnFocus(chain.current);
    },
  };
}

function returnFocus(chain: readonly Opener[]): void {
  const target = chain.map((opener) => opener.element).find(focusable) ?? nearestControl(chain);
  (target ?? document.getElementById('main'))?.focus();
}

function nearestControl(chain: readonly Opener[]): HTMLElement | null {
  for (const { ancestors } of chain) {
    const container = ancestors.find((ancestor) => ancestor.isConnected);
    if (!container) continue;
    const control = [...container.querySelectorAll(FOCUSABLE)].find(focusable);
    if (control) return control;
  }
  return null;
}
