import {
  analyticsState,
  consentChanged,
  gtag,
  loadTag,
  storage,
  CONSENT_STORAGE_KEY,
  type ConsentChoice,
} from './analytics';

// The visitor's cookie choice and the partner page's conversions: apart from analytics.ts, which
// the entry chunk carries, because only the pages that ask for them need them.

/** The longest a call waits for the tag to confirm its conversion before dialling anyway. */
export const CONVERSION_TIMEOUT_MS = 1000;

/** Records the visitor's choice; accepting loads the tag at once. */
export function setAnalyticsConsent(choice: ConsentChoice, now: number = Date.now()): void {
  const saved = { choice, at: now };
  analyticsState.unsavedChoice = saved;
  try {
    storage()?.setItem(CONSENT_STORAGE_KEY, JSON.stringify(saved));
  } catch {
    // Kept for this page only.
  }
  if (choice === 'granted' && analyticsState.configured) loadTag(analyticsState.configured);
  else if (choice === 'denied' && analyticsState.tag) {
    // Loaded earlier in this page: tell it to stop using cookies from now on.
    gtag('consent', 'update', { analytics_storage: 'denied', ad_storage: 'denied' });
  }
  consentChanged();
}

/** Forgets the choice, so the banner asks again (the cookie policy's "change your choice"). */
export function clearAnalyticsConsent(): void {
  analyticsState.unsavedChoice = null;
  try {
    storage()?.removeItem(CONSENT_STORAGE_KEY);
  } catch {
    // Nothing stored.
  }
  consentChanged();
}

/**
 * A conversion (a call from the partner page). Without a tag it is recorded and `proceed` runs at
 * once. With one, `proceed` runs once: when gtag confirms the hit, or after
 * CONVERSION_TIMEOUT_MS if it does not (script blocked, slow network).
 */
export function reportConversion(proceed: () => void): void {
  const { tag } = analyticsState;
  if (!tag) {
    gtag('event', 'conversion', {});
    proceed();
    return;
  }
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    window.clearTimeout(timer);
    proceed();
  };
  const timer = window.setTimeout(finish, CONVERSION_TIMEOUT_MS);
  gtag('event', 'conversion', {
    ...(tag.sendTo ? { send_to: tag.sendTo } : {}),
    event_callback: finish,
    event_timeout: CONVERSION_TIMEOUT_MS,
  });
}

/**
 * A click on a link whose conversion must be reported before the browser follows it (a `tel:`
 * link dials). Without a tag the click goes ahead untouched; with one it is held until the
 * conversion is sent, then the link is opened.
 */
export function reportConversionBeforeFollowing(
  event: Pick<Event, 'preventDefault'>,
  href: string,
  open: (href: string) => void = (url) => window.location.assign(url),
): void {
  if (!analyticsState.tag) {
    reportConversion(() => undefined);
    return;
  }
  event.preventDefault();
  reportConversion(() => open(href));
}
