import { CSP_NONCE_META_PROPERTY, type AnalyticsConfig } from '@contrail/contracts/site';

/**
 * Page views and conversions, through the Google tag's data layer. Every event is recorded in
 * `window.dataLayer`; only when the server configures a tag id is gtag.js loaded (once, with the
 * page's script nonce) to send them. Without one nothing leaves the browser and no cookie is set.
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
  | ['config', string, GtagParams]
  | ['set', GtagParams]
  | ['event', string, GtagParams];

/** The configured tag, and where conversions go (`AW-…/label`), once `startAnalytics` saw one. */
let tag: { sendTo: string | null } | null = null;

function gtag(..._command: GtagCommand): void {
  // gtag.js reads Arguments objects from the data layer (an array is not a command to it), so
  // this pushes `arguments` exactly as Google's snippet does.
  // eslint-disable-next-line prefer-rest-params
  (window.dataLayer ??= []).push(arguments);
}

/**
 * Starts the tag when one is configured: `config` without the automatic page view (the router
 * reports each one), and the gtag.js script, added once. Later calls change nothing.
 */
export function startAnalytics(config: AnalyticsConfig | undefined, doc: Document = document) {
  window.dataLayer ??= [];
  if (!config || tag) return;
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
