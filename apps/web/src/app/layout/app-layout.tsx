import { Outlet } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { PasswordChangeGuard } from '../../features/auth/components/password-change-guard';
import { needsAnalyticsConsent, subscribeToConsent } from '../../lib/analytics';
import { nextTask } from '../../lib/next-task';
import { PageMeta } from './page-meta';
import { RouteFocus } from './route-focus';
import { SiteHeader } from './site-header';

// Asked only where the operator configured an analytics tag: fetched then, never otherwise.
const CookieConsentBanner = lazy(() =>
  import('../../components/cookie-consent-banner').then((m) => ({
    default: m.CookieConsentBanner,
  })),
);

// Below the fold on every page (the main element is at least a screen high): the footer, its
// links, company line and newsletter box load beside the page's own code, not in the entry chunk.
const SiteFooter = lazy(() => import('./site-footer').then((m) => ({ default: m.SiteFooter })));

// The toast region and Sonner: not in the first download, fetched once the page has painted.
const Toaster = lazy(() =>
  import('../../components/ui/toaster').then((m) => ({ default: m.Toaster })),
);

/** True from a task after the first render's effects: the first paint has happened. */
function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let mounted = true;
    void nextTask().then(() => {
      if (mounted) setPainted(true);
    });
    return () => {
      mounted = false;
    };
  }, []);
  return painted;
}

const MAIN_CONTENT_ID = 'main';

/** Every page: skip link, fixed header, the page, footer and the toast region. */
export function AppLayout() {
  const askCookies = useSyncExternalStore(subscribeToConsent, needsAnalyticsConsent, () => false);
  const painted = usePainted();
  return (
    <div className="flex min-h-screen flex-col bg-background text-foreground">
      <a
        href={`#${MAIN_CONTENT_ID}`}
        className="sr-only z-50 rounded-md print:hidden bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:px-4 focus:py-2 focus:ring-2 focus:ring-ring focus:outline-none"
      >
        Skip to content
      </a>
      <PageMeta />
      <RouteFocus mainId={MAIN_CONTENT_ID} />
      <SiteHeader />
      <PasswordChangeGuard />
      {/* The top padding clears the fixed header; the minimum height keeps the footer below
          the fold while a page's code loads, so nothing shifts. */}
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className="min-h-screen flex-1 pt-16 outline-none print:pt-0"
      >
        <Outlet />
      </main>
      <Suspense fallback={null}>
        <SiteFooter />
      </Suspense>
      {/* A live region announces only what is added to it once it is in the page: a toast asked
          for before the region has loaded waits for it (components/ui/toast) and is added then. */}
      <Suspense fallback={null}>{painted ? <Toaster /> : null}</Suspense>
      <Suspense fallback={null}>{askCookies ? <CookieConsentBanner /> : null}</Suspense>
    </div>
  );
}
