/**
 * Brings a section into view, smoothly unless the traveller asked for reduced motion, and moves
 * focus to it (it needs `tabIndex={-1}`), so keyboard and screen reader users continue from
 * there rather than from the button they pressed.
 */
export function scrollToSection(id: string, doc: Document = document): void {
  const section = doc.getElementById(id);
  if (!section) return;
  const view = doc.defaultView;
  const reduceMotion =
    view !== null &&
    'matchMedia' in view &&
    view.matchMedia('(prefers-reduced-motion: reduce)').matches;
  section.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  section.focus({ preventScroll: true });
}
