import { useRouterState } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { afterNextPaint } from '../../lib/next-task';

/** How long a new page may take to show its heading (its code and data load first). */
const HEADING_WAIT_MS = 5_000;

/**
 * After a move to another page (WCAG 2.4.3, 4.1.3): the focus goes to the new page's h1, which
 * a screen reader reads, or, where the page has none, to the main region, and the live region
 * below names the page. The first page of a visit is left alone (the browser starts at the top),
 * so are moves within a page (its search params: a sort, a checkout step, which manage their
 * own focus) and links to a part of a page (`#search`), which scroll there.
 */
export function RouteFocus({ mainId }: { mainId: string }) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const hash = useRouterState({ select: (state) => state.location.hash });
  const live = useRef<HTMLParagraphElement>(null);
  const shown = useRef(pathname);

  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    if (hash) return;
    // What had focus when the page changed (the link followed, or nothing): the move happens only
    // while it still does, so a traveller who went on typing or tabbing keeps their place.
    const before = document.activeElement;
    // The new page's title, which PageMeta gave the document in the commit that changed the path.
    const title = document.title;
    let done = false;
    const stillWhereItWas = () => {
      const active = document.activeElement;
      return (
        active === before || active === null || active === document.body || !active.isConnected
      );
    };
    let cancelMove: () => void = () => undefined;
    const move = (target: HTMLElement) => {
      done = true;
      observer.disconnect();
      window.clearTimeout(timer);
      // Once the new page is painted: focusing makes the browser lay the page out first, which
      // in the task that rendered it (a search's results page on a phone at 4× CPU slow-down)
      // added 40–110 ms to that task, before anything of the new page could show.
      cancelMove = afterNextPaint(() => {
        // A heading replaced meanwhile (a placeholder's by the page's own): the page's now.
        const shownNow = target.isConnected ? target : (findHeading() ?? main);
        if (!shownNow || !stillWhereItWas()) return;
        if (!shownNow.hasAttribute('tabindex')) shownNow.setAttribute('tabindex', '-1');
        shownNow.focus({ preventScroll: true });
        if (shownNow.tagName !== 'H1' && live.current) live.current.textContent = title;
      });
    };
    const main = document.getElementById(mainId);
    // The page being left may still show while the new one loads: its heading is not the one.
    const stale = main?.querySelector('h1') ?? null;
    const findHeading = () => {
      const heading = main?.querySelector<HTMLElement>('h1') ?? null;
      return heading === stale ? null : heading;
    };
    const observer = new MutationObserver(() => {
      const heading = findHeading();
      if (heading && !done) move(heading);
    });
    const timer = window.setTimeout(() => {
      if (!done && main) move(main);
    }, HEADING_WAIT_MS);
    if (live.current) live.current.textContent = '';
    if (main) observer.observe(main, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
      cancelMove();
    };
  }, [pathname, hash, mainId]);

  return (
    // Written to directly: its text changes only with the focus it announces.
    <p ref={live} aria-live="polite" aria-atomic="true" className="sr-only" />
  );
}
