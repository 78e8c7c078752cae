import type { AnalyticsConfig } from '@contrail/contracts/site';
import { CSP_NONCE_META_PROPERTY } from '@contrail/contracts/site-keys';

/**
 * Page views and conversions, through the Google tag's data layer. Every event is recorded in
 * `window.dataLayer`; only when the server configures a tag id, and the visitor has accepted
 * analytics cookies, is gtag.js loaded (once, with the page's script nonce) to send them. Without
 * both nothing leaves the browser and no cookie is set.
 */

export const GOOGLE_TAG_SCRIPT_URL = 'https://www.googletagmanager.com/gtag/js';
/** The longest a call waits for the tag to confirm its conversion before dialling anyway. */
export const CONVERSION_TIMEOUT_MS = 1000;

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

type GtagParams = Record<string, unknown>;
type GtagCommand =
  | ['js', Date]
  | ['consent', 'update', GtagParams]
  | ['config', string, GtagParams]
  | ['set', GtagParams]
  | ['event', string, GtagParams];

/** Where the visitor's cookie choice is kept (local storage, not a cookie). */
export const CONSENT_STORAGE_KEY = 'contrail.analytics-consent';
/** A choice is asked again after this long (the cookie policy's preference duration). */
export const CONSENT_LIFETIME_MS = 365 * 24 * 60 * 60 * 1000;
export type ConsentChoice = 'granted' | 'denied';

/** The tag the server configured, whether or not the visitor has accepted it yet. */
let configured: AnalyticsConfig | null = null;
/** The loaded tag, and where conversions go (`AW-…/label`). */
let tag: { sendTo: string | null } | null = null;
const consentListeners = new Set<() => void>();

function gtag(..._command: GtagCommand): void {
  // gtag.js reads Arguments objects from the data layer (an array is not a command to it), so
  // this pushes `arguments` exactly as Google's snippet does.
  // eslint-disable-next-line prefer-rest-params
  (window.dataLayer ??= []).push(arguments);
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage blocked by the browser: the choice lasts as long as the page.
    return null;
  }
}

let unsavedChoice: { choice: ConsentChoice; at: number } | null = null;

/** The visitor's recorded choice, or null when none was made (or it is over a year old). */
export function analyticsConsent(now: number = Date.now()): ConsentChoice | null {
  let saved: unknown = unsavedChoice;
  try {
    const raw = storage()?.getItem(CONSENT_STORAGE_KEY);
    if (raw) saved = JSON.parse(raw);
  } catch {
    saved = null;
  }
  if (typeof saved !== 'object' || saved === null) return null;
  const { choice, at } = saved as Record<string, unknown>;
  if (choice !== 'granted' && choice !== 'denied') return null;
  if (typeof at !== 'number' || now - at > CONSENT_LIFETIME_MS) return null;
  return choice;
}

/** True while a tag is configured and the visitor has not chosen yet: the banner asks. */
export function needsAnalyticsConsent(): boolean {
  return configured !== null && analyticsConsent() === null;
}

/** Calls `listener` whenever the answer of `needsAnalyticsConsent()` may have changed. */
export function subscribeToConsent(listener: () => void): () => void {
  consentListeners.add(listener);
  return () => consentListeners.delete(listener);
}

function consentChanged(): void {
  for (const listener of consentListeners) listener();
}

/** Records the visitor's choice; accepting loads the tag at once. */
export function setAnalyticsConsent(choice: ConsentChoice, now: number = Date.now()): void {
  const saved = { choice, at: now };
  unsavedChoice = saved;
  try {
    storage()?.setItem(CONSENT_STORAGE_KEY, JSON.stringify(saved));
  } catch {
    // Kept for this page only.
  }
  if (choice === 'granted' && configured) loadTag(configured);
  else if (choice === 'denied' && tag) {
    // Loaded earlier in this page: tell it to stop using cookies from now on.
    gtag('consent', 'update', { analytics_storage: 'denied', ad_storage: 'denied' });
  }
  consentChanged();
}

/** Forgets the choice, so the banner asks again (the cookie policy's "change your choice"). */
export function clearAnalyticsConsent(): void {
  unsavedChoice = null;
  try {
    storage()?.removeItem(CONSENT_STORAGE_KEY);
  } catch {
    // Nothing stored.
  }
  consentChanged();
}

/** `config` without the automatic page view (the router reports each one), and gtag.js, once. */
function loadTag(config: AnalyticsConfig, doc: Document = document): void {
  if (tag) return;
  const label = config.conversionLabel;
  tag = {
    sendTo: label === null ? null : label.includes('/') ? label : `${config.tagId}/${label}`,
  };
  gtag('js', new Date());
  gtag('config', config.tagId, { send_page_view: false });
  const script = doc.createElement('script');
  script.async = true;
  script.src = `${GOOGLE_TAG_SCRIPT_URL}?id=${encodeURIComponent(config.tagId)}`;
  const nonce = doc.querySelector(`meta[property="${CSP_NONCE_META_PROPERTY}"]`);
  // Browsers hide the nonce attribute from the DOM once parsed; the property keeps it.
  const value = nonce instanceof HTMLElement ? nonce.nonce || nonce.getAttribute('nonce') : null;
  if (value) script.setAttribute('nonce', value);
  doc.head.append(script);
}

/**
 * Takes the server's tag configuration. The tag loads now if the visitor accepted analytics
 * cookies before, else once they do; until then events stay in the data layer. Later calls
 * change nothing.
 */
export function startAnalytics(config: AnalyticsConfig | undefined, doc: Document = document) {
  window.dataLayer ??= [];
  if (!config || configured) return;
  configured = config;
  if (analyticsConsent() === 'granted') loadTag(config, doc);
  consentChanged();
}

/**
 * A page view. Only the path is reported: query strings (search criteria, references, e-mail
 * addresses in links) never are, so the location the tag sends is set to the bare path too.
 */
export function trackPageView(path: string, title: string = document.title): void {
  const pageLocation = `${window.location.origin}${path}`;
  gtag('set', { page_location: pageLocation, page_path: path, page_title: title });
  gtag('event', 'page_view', { page_location: pageLocation, page_path: path, page_title: title });
}

/**
 * A conversion (a call from the partner page). Without a tag it is recorded and `proceed` runs at
 * once. With one, `proceed` runs once: when gtag confirms the hit, or after
 * CONVERSION_TIMEOUT_MS if it does not (script blocked, slow network).
 */
export function reportConversion(proceed: () => void): void {
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
  if (!tag) {
    reportConversion(() => undefined);
    return;
  }
  event.preventDefault();
  reportConversion(() => open(href));
}
