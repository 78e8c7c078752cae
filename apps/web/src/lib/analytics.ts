import type { AnalyticsConfig } from '@contrail/contracts/site';
import { CSP_NONCE_META_PROPERTY } from '@contrail/contracts/site-keys';

/**
 * Page views and conversions, through the Google tag's data layer. Every event is recorded in
 * `window.dataLayer`; only when the server configures a tag id, and the visitor has accepted
 * analytics cookies, is gtag.js loaded (once, with the page's script nonce) to send them. Without
 * both nothing leaves the browser and no cookie is set.
 */

export const GOOGLE_TAG_SCRIPT_URL = 'https://www.googletagmanager.com/gtag/js';

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

/**
 * The page's analytics, shared with analytics-actions.ts (the visitor's choices and conversions,
 * loaded by the pages that make them rather than in the entry chunk).
 */
export const analyticsState: {
  /** The tag the server configured, whether or not the visitor has accepted it yet. */
  configured: AnalyticsConfig | null;
  /** The loaded tag, and where conversions go (`AW-…/label`). */
  tag: { sendTo: string | null } | null;
  /** The choice made in this page, for when storage is blocked. */
  unsavedChoice: { choice: ConsentChoice; at: number } | null;
} = { configured: null, tag: null, unsavedChoice: null };
const consentListeners = new Set<() => void>();

export function gtag(..._command: GtagCommand): void {
  // gtag.js reads Arguments objects from the data layer (an array is not a command to it), so
  // this pushes `arguments` exactly as Google's snippet does.
  // eslint-disable-next-line prefer-rest-params
  (window.dataLayer ??= []).push(arguments);
}

export function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage blocked by the browser: the choice lasts as long as the page.
    return null;
  }
}

/** The visitor's recorded choice, or null when none was made (or it is over a year old). */
export function analyticsConsent(now: number = Date.now()): ConsentChoice | null {
  let saved: unknown = analyticsState.unsavedChoice;
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
  return analyticsState.configured !== null && analyticsConsent() === null;
}

/** Calls `listener` whenever the answer of `needsAnalyticsConsent()` may have changed. */
export function subscribeToConsent(listener: () => void): () => void {
  consentListeners.add(listener);
  return () => consentListeners.delete(listener);
}

export function consentChanged(): void {
  for (const listener of consentListeners) listener();
}

/** `config` without the automatic page view (the router reports each one), and gtag.js, once. */
export function loadTag(config: AnalyticsConfig, doc: Document = document): void {
  if (analyticsState.tag) return;
  const label = config.conversionLabel;
  analyticsState.tag = {
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
  if (!config || analyticsState.configured) return;
  analyticsState.configured = config;
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
