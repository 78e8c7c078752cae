import { Link } from '@tanstack/react-router';
import { useRef, useSyncExternalStore } from 'react';
import { setAnalyticsConsent } from '../lib/analytics-actions';
import { needsAnalyticsConsent, subscribeToConsent } from '../lib/analytics';
import { useObscuring } from '../lib/use-obscuring';
import { Button } from './ui/button';

export const COOKIE_BANNER_TEXT =
  'We would like to use analytics cookies to count visits and measure our advertising. They are set only if you accept. The cookies that keep you signed in are always on.';

/**
 * Asks for analytics cookies, only when the operator configured a tag and the visitor has not
 * chosen yet. Not a modal: the page stays usable, and nothing is loaded until "Accept".
 */
export function CookieConsentBanner() {
  const asking = useSyncExternalStore(subscribeToConsent, needsAnalyticsConsent, () => false);
  if (!asking) return null;
  return <Banner />;
}

/** Fixed to the foot of the screen: the page's scroll padding keeps focus clear of it. */
function Banner() {
  const banner = useRef<HTMLElement>(null);
  useObscuring(banner, 'bottom');
  return (
    <section
      ref={banner}
      aria-labelledby="cookie-banner-title"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-border bg-card p-4 text-card-foreground shadow-lg print:hidden"
    >
      <div className="mx-auto flex max-w-5xl flex-col gap-3 md:flex-row md:items-center md:gap-6">
        <div className="flex-1 text-sm">
          <h2 id="cookie-banner-title" className="font-semibold">
            Cookies
          </h2>
          <p className="mt-1 text-muted-foreground">
            {COOKIE_BANNER_TEXT}{' '}
            <Link to="/cookies" className="font-medium text-foreground underline">
              Cookie Policy
            </Link>
          </p>
        </div>
        <div className="flex gap-2">
          <Button variant="outline" onClick={() => setAnalyticsConsent('denied')}>
            Reject
          </Button>
          <Button onClick={() => setAnalyticsConsent('granted')}>Accept</Button>
        </div>
      </div>
    </section>
  );
}
