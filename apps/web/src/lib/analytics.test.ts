import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The module keeps the configured tag for the page's life: each test loads it (and the actions
// that share it) afresh.
async function loadAnalytics() {
  vi.resetModules();
  return { ...(await import('./analytics')), ...(await import('./analytics-actions')) };
}

/** The data layer's entries as plain arrays (gtag pushes Arguments objects). */
function commands(): unknown[][] {
  return (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));
}

function events(name: string): Record<string, unknown>[] {
  return commands()
    .filter(([command, event]) => command === 'event' && event === name)
    .map(([, , params]) => params as Record<string, unknown>);
}

const tagScripts = () =>
  document.querySelectorAll('script[src^="https://www.googletagmanager.com/gtag/js"]');

const CONSENT_KEY = 'contrail.analytics-consent';

beforeEach(() => {
  delete window.dataLayer;
  window.localStorage.clear();
});

afterEach(() => {
  document.head.querySelectorAll('script, meta[property="csp-nonce"]').forEach((element) => {
    element.remove();
  });
  vi.useRealTimers();
});

describe('without a tag id', () => {
  it('adds no script and only records events in the data layer', async () => {
    const analytics = await loadAnalytics();
    analytics.startAnalytics(undefined);
    analytics.trackPageView('/about', 'About - Contrail');

    expect(tagScripts()).toHaveLength(0);
    expect(document.querySelectorAll('script')).toHaveLength(0);
    expect(commands().some(([command]) => command === 'config')).toBe(false);
    expect(events('page_view')).toEqual([
      {
        page_location: 'http://localhost:3000/about',
        page_path: '/about',
        page_title: 'About - Contrail',
      },
    ]);
  });

  it('records a conversion and lets the click dial at once', async () => {
    const analytics = await loadAnalytics();
    analytics.startAnalytics(undefined);
    const event = { preventDefault: vi.fn() };
    const open = vi.fn();

    analytics.reportConversionBeforeFollowing(event, 'tel:+442045770199', open);

    expect(events('conversion')).toHaveLength(1);
    expect(event.preventDefault).not.toHaveBeenCalled();
    expect(open).not.toHaveBeenCalled();
  });
});

describe('with a tag id, before the visitor chooses', () => {
  const config = { tagId: 'G-ABC123DEF4', conversionLabel: null };

  it('loads nothing and asks, then loads the tag once accepted', async () => {
    const analytics = await loadAnalytics();
    const changes = vi.fn();
    analytics.subscribeToConsent(changes);
    expect(analytics.needsAnalyticsConsent()).toBe(false);
    analytics.startAnalytics(config);
    analytics.trackPageView('/faq', 'FAQ');

    expect(analytics.needsAnalyticsConsent()).toBe(true);
    expect(tagScripts()).toHaveLength(0);
    expect(commands().some(([command]) => command === 'config')).toBe(false);

    analytics.setAnalyticsConsent('granted', Date.parse('2026-11-22T10:00:00Z'));
    expect(tagScripts()).toHaveLength(1);
    expect(analytics.needsAnalyticsConsent()).toBe(false);
    expect(changes).toHaveBeenCalled();
    expect(JSON.parse(window.localStorage.getItem(CONSENT_KEY) ?? 'null')).toEqual({
      choice: 'granted',
      at: Date.parse('2026-11-22T10:00:00Z'),
    });
  });

  it('loads nothing when refused, and a call still dials at once', async () => {
    const analytics = await loadAnalytics();
    analytics.startAnalytics(config);
    analytics.setAnalyticsConsent('denied');
    const event = { preventDefault: vi.fn() };
    analytics.reportConversionBeforeFollowing(event, 'tel:+442045770199', vi.fn());

    expect(tagScripts()).toHaveLength(0);
    expect(event.preventDefault).not.toHaveBeenCalled();
    expect(analytics.needsAnalyticsConsent()).toBe(false);
  });

  it('loads the tag at start when the visitor accepted before', async () => {
    window.localStorage.setItem(CONSENT_KEY, JSON.stringify({ choice: 'granted', at: Date.now() }));
    const analytics = await loadAnalytics();
    analytics.startAnalytics(config);
    expect(tagScripts()).toHaveLength(1);
  });

  it('asks again after a year, or once the choice is cleared', async () => {
    const analytics = await loadAnalytics();
    const at = Date.parse('2025-11-01T00:00:00Z');
    analytics.setAnalyticsConsent('denied', at);
    expect(analytics.analyticsConsent(at + analytics.CONSENT_LIFETIME_MS)).toBe('denied');
    expect(analytics.analyticsConsent(at + analytics.CONSENT_LIFETIME_MS + 1)).toBeNull();
    analytics.setAnalyticsConsent('denied');
    analytics.startAnalytics(config);
    expect(analytics.needsAnalyticsConsent()).toBe(false);
    analytics.clearAnalyticsConsent();
    expect(analytics.needsAnalyticsConsent()).toBe(true);
  });

  it('ignores a stored value it did not write', async () => {
    window.localStorage.setItem(CONSENT_KEY, '{"choice":"maybe","at":1}');
    const analytics = await loadAnalytics();
    expect(analytics.analyticsConsent()).toBeNull();
    window.localStorage.setItem(CONSENT_KEY, 'not json');
    expect(analytics.analyticsConsent()).toBeNull();
  });
});

describe('with a tag id, accepted', () => {
  const config = { tagId: 'AW-123456789', conversionLabel: 'AbC-D_efG' };

  beforeEach(() => {
    window.localStorage.setItem(CONSENT_KEY, JSON.stringify({ choice: 'granted', at: Date.now() }));
  });

  it('adds exactly one async gtag.js script carrying the page nonce', async () => {
    const meta = document.createElement('meta');
    meta.setAttribute('property', 'csp-nonce');
    meta.setAttribute('nonce', 'page-n0nce');
    document.head.append(meta);
    const analytics = await loadAnalytics();

    analytics.startAnalytics(config);
    analytics.startAnalytics(config);
    analytics.startAnalytics({ tagId: 'G-OTHER12345', conversionLabel: null });

    const scripts = tagScripts();
    expect(scripts).toHaveLength(1);
    const script = scripts[0] as HTMLScriptElement;
    expect(script.src).toBe('https://www.googletagmanager.com/gtag/js?id=AW-123456789');
    expect(script.async).toBe(true);
    expect(script.getAttribute('nonce')).toBe('page-n0nce');
    expect(commands().filter(([command]) => command === 'config')).toEqual([
      ['config', 'AW-123456789', { send_page_view: false }],
    ]);
  });

  it('sends the conversion, then dials when the tag confirms it', async () => {
    const analytics = await loadAnalytics();
    analytics.startAnalytics(config);
    const event = { preventDefault: vi.fn() };
    const open = vi.fn();

    analytics.reportConversionBeforeFollowing(event, 'tel:+442045770199', open);

    expect(event.preventDefault).toHaveBeenCalledOnce();
    const [conversion] = events('conversion');
    expect(conversion).toMatchObject({ send_to: 'AW-123456789/AbC-D_efG', event_timeout: 1000 });
    expect(open).not.toHaveBeenCalled();

    (conversion?.event_callback as () => void)();
    (conversion?.event_callback as () => void)();
    expect(open).toHaveBeenCalledExactlyOnceWith('tel:+442045770199');
  });

  it('dials after the timeout when the tag never answers', async () => {
    vi.useFakeTimers();
    const analytics = await loadAnalytics();
    analytics.startAnalytics({ tagId: 'G-ABC123DEF4', conversionLabel: 'AW-987654321/XyZ' });
    const open = vi.fn();

    analytics.reportConversionBeforeFollowing({ preventDefault: vi.fn() }, 'tel:+15550100', open);

    expect(events('conversion')[0]).toMatchObject({ send_to: 'AW-987654321/XyZ' });
    vi.advanceTimersByTime(analytics.CONVERSION_TIMEOUT_MS - 1);
    expect(open).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(open).toHaveBeenCalledExactlyOnceWith('tel:+15550100');
  });

  it('sends a conversion without send_to when no label is configured', async () => {
    const analytics = await loadAnalytics();
    analytics.startAnalytics({ tagId: 'G-ABC123DEF4', conversionLabel: null });
    analytics.reportConversion(() => undefined);
    expect(events('conversion')[0]).not.toHaveProperty('send_to');
  });

  it('reports page views by path, and sets the location every later hit carries', async () => {
    const analytics = await loadAnalytics();
    analytics.startAnalytics(config);
    analytics.trackPageView('/search', 'Contrail - Flight Booking');

    const location = 'http://localhost:3000/search';
    expect(commands().slice(-2)).toEqual([
      [
        'set',
        { page_location: location, page_path: '/search', page_title: 'Contrail - Flight Booking' },
      ],
      ['event', 'page_view', expect.objectContaining({ page_location: location })],
    ]);
  });
});
