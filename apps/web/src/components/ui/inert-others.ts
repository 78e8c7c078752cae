/** How many open layers have made each element inert (layers may be open over each other). */
const inertCount = new WeakMap<Element, number>();

/**
 * Makes everything on the page but `keep` inert, as a modal list needs: Radix hides the rest of
 * the page from assistive tech with `aria-hidden`, which leaves its links and buttons focusable
 * in a hidden tree (axe's aria-hidden-focus). Live regions (the toasts) and Radix's focus guards
 * stay as they are, as `aria-hidden` leaves them. Answers how to undo it.
 */
export function inertOthers(keep: Element): () => void {
  const kept = new Set<Element>();
  const targets = [keep, ...document.body.querySelectorAll('[aria-live], script')];
  for (const target of targets) {
    for (let node: Element | null = target; node; node = node.parentElement) kept.add(node);
  }
  const stops = new Set(targets);
  const made: Element[] = [];
  const visit = (parent: Element) => {
    if (stops.has(parent)) return;
    for (const child of parent.children) {
      if (kept.has(child)) {
        visit(child);
        continue;
      }
      if (child.hasAttribute('data-radix-focus-guard')) continue;
      const count = inertCount.get(child) ?? 0;
      // Inert already, and not by an open layer: leave it as it is.
      if (count === 0 && child.hasAttribute('inert')) continue;
      inertCount.set(child, count + 1);
      if (count === 0) child.setAttribute('inert', '');
      made.push(child);
    }
  };
  visit(document.body);
  return () => {
    for (const element of made) {
      const count = (inertCount.get(element) ?? 1) - 1;
      inertCount.set(element, count);
      if (count === 0) element.removeAttribute('inert');
    }
  };
}
