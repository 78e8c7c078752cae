import { Outlet } from '@tanstack/react-router';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { Toaster } from '../../components/ui/toaster';
import { PasswordChangeGuard } from '../../features/auth/components/password-change-guard';
import { needsAnalyticsConsent, subscribeToConsent } from '../../lib/analytics';
import { PageMeta } from './page-meta';
import { RouteFocus } from './route-focus';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

// Asked only where the operator configured an analytics tag: fetched then, never otherwise.
const CookieConsentBanner = lazy(() =>
  import('../../components/cookie-consent-banner').then((m) => ({
    default: m.CookieConsentBanner,
  })),
);

export const MAIN_CONTENT_ID = 'main';

/** Every page: skip link, fixed header, the page, footer and the toast region. */
export function AppLayout() {
  const askCookies = useSyncExternalStore(subscribeToConsent, needsAnalyticsConsent, () => false);
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
      <SiteFooter />
      {/* Shipped with the shell, not fetched after it: a live region announces only what is
          added to it once it is in the page, so the region must be there before the toast. */}
      <Toaster />
      <Suspense fallback={null}>{askCookies ? <CookieConsentBanner /> : null}</Suspense>
    </div>
  );
}
