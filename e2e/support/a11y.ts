import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { searchOffersOf } from '@contrail/contracts/search-results';
import {
  expect,
  test,
  type APIRequestContext,
  type BrowserContext,
  type ElementHandle,
  type Locator,
  type Page,
  type Request,
} from '@playwright/test';
import { E2E_ADMIN, uniqueName } from '../fixtures';

export { expect };

/** The WCAG 2.0, 2.1 and 2.2 A/AA rules plus axe's best practices. */
const AXE_TAGS = [
  'wcag2a',
  'wcag2aa',
  'wcag21a',
  'wcag21aa',
  // WCAG 2.2's AA rule: target size (2.5.8), 24 by 24 CSS px or spaced as far apart.
  'wcag22aa',
  'best-practice',
];

/** The impacts that fail a page. */
const BLOCKING_IMPACTS: ReadonlySet<string> = new Set(['serious', 'critical']);

export const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' } as const;

/** The two viewports every page is checked on. */
export const VIEWPORTS = {
  phone: {
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  },
  desktop: {
    viewport: { width: 1280, height: 800 },
    deviceScaleFactor: 1,
    isMobile: false,
    hasTouch: false,
  },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

/**
 * Every console error and uncaught exception from the moment it is called. Nothing is filtered:
 * an error in the console is a bug to fix where it comes from.
 */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const { url, lineNumber } = message.location();
    problems.push(`console.error: ${message.text()}${url ? ` (${url}:${lineNumber})` : ''}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/** The requests each page has in flight, and when the last one started or ended. */
interface Traffic {
  pending: Set<Request>;
  changedAt: number;
}
const trafficOf = new WeakMap<Page, Traffic>();

/**
 * Follows a page's requests from now on, so `waitForSettled` can wait for them to answer rather
 * than for the half-second of silence `networkidle` waits for after the last one. `a11yTest` does
 * this for every page it hands out.
 */
function followRequests(page: Page): void {
  const traffic: Traffic = { pending: new Set(), changedAt: Date.now() };
  const started = (request: Request) => {
    traffic.pending.add(request);
    traffic.changedAt = Date.now();
  };
  const ended = (request: Request) => {
    traffic.pending.delete(request);
    traffic.changedAt = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  trafficOf.set(page, traffic);
}

/** How long no request may be in flight before the page counts as quiet. */
const QUIET_MS = 150;

/** Waits until no request of the page is in flight and none has started or ended for QUIET_MS. */
async function waitForQuiet(page: Page): Promise<void> {
  const traffic = trafficOf.get(page);
  if (!traffic) {
    await page.waitForLoadState('networkidle');
    return;
  }
  // What is still in flight, read at each poll so a timeout names it.
  const unanswered = () => {
    const urls = [...traffic.pending].map((request) => request.url());
    if (urls.length > 0 || Date.now() - traffic.changedAt >= QUIET_MS) return urls;
    return [`(the last request answered under ${String(QUIET_MS)} ms ago)`];
  };
  await expect
    .poll(unanswered, { message: 'requests of the page still in flight', intervals: [25] })
    .toEqual([]);
}

/**
 * Waits until the page has settled: its heading (or `ready`) is visible, no skeleton or busy
 * region is left, every request has answered and no animation is still running.
 */
export async function waitForSettled(page: Page, ready?: Locator): Promise<void> {
  await expect(ready ?? page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('[data-slot="skeleton"], [aria-busy="true"]')).toHaveCount(0);
  await waitForQuiet(page);
  await animationsFinished(page);
}

/**
 * Waits for the animations running now to end (a spinner's, which never ends, aside): entry
 * animations of dialogs, sheets and toasts would make colours read mid-fade.
 */
export function animationsFinished(page: Page): Promise<unknown> {
  return page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' &&
            animation.effect?.getComputedTiming().endTime !== Infinity,
        )
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

interface AxeNode {
  target: unknown[];
  failureSummary?: string | undefined;
}
interface AxeViolation {
  id: string;
  impact?: string | null | undefined;
  help: string;
  helpUrl: string;
  nodes: AxeNode[];
}

/** One readable block per violation: rule, impact, help and every offending node. */
function describeViolations(violations: AxeViolation[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .map((node) => {
          const summary = (node.failureSummary ?? '').replace(/\s+/g, ' ').trim();
          return `    - ${JSON.stringify(node.target)}${summary ? `\n      ${summary}` : ''}`;
        })
        .join('\n');
      const title = `[${violation.impact ?? 'unknown'}] ${violation.id}: ${violation.help}`;
      return `${title}\n    ${violation.helpUrl}\n${nodes}`;
    })
    .join('\n');
}

/** axe-core itself, put into the page under test when a check first needs it. */
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/**
 * axe's violations of AXE_TAGS in the page's document. axe runs in the page itself: the
 * Playwright wrapper's extra page per run (for its frame-by-frame merge) tripled the time of
 * every check, and the app has no frames to merge. A page with a frame fails rather than being
 * half checked.
 */
async function axeViolations(page: Page): Promise<AxeViolation[]> {
  const frames = page.frames().length - 1;
  if (frames > 0)
    throw new Error(`${page.url()} has ${frames} frame(s): axe here checks the top document only`);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (tags) => {
    const { axe } = window as unknown as {
      axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> };
    };
    const { violations } = await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      // Only violations are read: skipping the details of passes keeps a run short.
      resultTypes: ['violations'],
      iframes: false,
    });
    return violations.map(({ id, impact, help, helpUrl, nodes }) => ({
      id,
      impact,
      help,
      helpUrl,
      nodes: nodes.map(({ target, failureSummary }) => ({ target, failureSummary })),
    }));
  }, AXE_TAGS);
}

/** Runs axe over the whole page; serious and critical violations fail with every detail. */
export async function expectNoSeriousViolations(page: Page, label: string): Promise<void> {
  await animationsFinished(page);
  const violations = await axeViolations(page);
  const blocking = violations.filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''));
  // Moderate and minor findings do not fail the page; the report lists them.
  const advisory = violations.filter((violation) => !blocking.includes(violation));
  if (advisory.length > 0) {
    test.info().annotations.push({
      type: `axe advisory: ${label}`,
      description: describeViolations(advisory),
    });
  }
  expect(describeViolations(blocking), `serious or critical axe violations on ${label}`).toBe('');
}

/** What has focus, and whether it shows a focus indicator. */
interface FocusState {
  /** Tag, id and accessible-ish name, for messages. */
  element: string;
  visible: boolean;
  /** Whether the focused element is the one asked about. */
  isTarget: boolean;
}

/**
 * Reads the focused element: it shows a focus indicator when it has a visible outline, or a
 * ring (a box-shadow with a spread and no blur, as Tailwind's ring utilities draw), in a colour
 * that is not transparent. Soft drop shadows do not count.
 */
function readFocus(page: Page, target?: ElementHandle | null): Promise<FocusState> {
  return page.evaluate(async (wanted) => {
    const element = document.activeElement;
    if (!element || element === document.body) {
      return { element: 'body', visible: false, isTarget: false };
    }
    // A ring that fades in is read once it is there.
    await Promise.all(
      element.getAnimations().map((animation) => animation.finished.catch(() => undefined)),
    );
    const opaque = (colour: string) => {
      if (colour === 'transparent') return false;
      const alpha = /rgba\([^)]*,\s*([\d.]+)\)$/.exec(colour) ?? /\/\s*([\d.]+)\)$/.exec(colour);
      return !alpha?.[1] || Number(alpha[1]) > 0;
    };
    const style = getComputedStyle(element);
    const outline =
      style.outlineStyle !== 'none' &&
      Number.parseFloat(style.outlineWidth) > 0 &&
      opaque(style.outlineColor);
    const ring = style.boxShadow
      .split(/,(?![^(]*\))/)
      .map((shadow) => shadow.trim())
      .some((shadow) => {
        const colour = /^(?:[a-z-]+\([^)]*\)|[a-z]+)/i.exec(shadow)?.[0] ?? '';
        const lengths = shadow
          .slice(colour.length)
          .trim()
          .split(/\s+/)
          .map((length) => Number.parseFloat(length));
        const [, , blur = 0, spread = 0] = lengths;
        return (
          shadow !== 'none' &&
          !shadow.includes('inset') &&
          blur === 0 &&
          spread >= 1 &&
          opaque(colour)
        );
      });
    const label = (element.getAttribute('aria-label') ?? element.textContent).trim().slice(0, 40);
    const name = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} "${label}"`;
    return { element: name, visible: outline || ring, isTarget: element === wanted };
  }, target ?? null);
}

export async function expectVisibleFocus(page: Page): Promise<void> {
  const focus = await readFocus(page);
  expect(focus.visible, `no visible focus indicator on ${focus.element}`).toBe(true);
}

/**
 * Presses Tab until `target` has focus (at most `limit` presses). Every element passed on the way
 * must show that it has focus.
 */
export async function tabTo(page: Page, target: Locator, limit = 60): Promise<void> {
  const wanted = await target.elementHandle();
  try {
    for (let presses = 0; presses < limit; presses += 1) {
      await page.keyboard.press('Tab');
      const focus = await readFocus(page, wanted);
      expect(focus.visible, `no visible focus indicator on ${focus.element}`).toBe(true);
      if (focus.isTarget) return;
    }
  } finally {
    await wanted.dispose();
  }
  throw new Error(`Tab never reached ${target.toString()} in ${limit} presses`);
}

/** Whether `locator` is the focused element. */
export function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element === document.activeElement);
}

// ---- Data made through the API ------------------------------------------------------------

/** `YYYY-MM-DD`, `days` from today (UTC). */
export function isoDate(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

export const SEARCH_CRITERIA = {
  origin: 'LHR',
  destination: 'JFK',
  departureDate: isoDate(30),
  returnDate: isoDate(37),
  cabinClass: 'economy',
  adultsCount: 1,
  childrenCount: 0,
  infantsCount: 0,
  tripType: 'round-trip',
} as const;

/** The results page URL for SEARCH_CRITERIA. */
export function searchPath(): string {
  const params = new URLSearchParams(
    Object.entries(SEARCH_CRITERIA).map(([key, value]) => [key, String(value)]),
  );
  return `/search?${params.toString()}`;
}

interface Offer {
  id: string;
  total_amount: string;
  total_currency: string;
  passengers: { id: string; type: string }[];
  conditions: { refundable: boolean };
}

/** The offers for SEARCH_CRITERIA, straight from the search API (ids stay valid 30 minutes). */
async function searchOffers(request: APIRequestContext): Promise<Offer[]> {
  const response = await request.post('/api/flights/search', {
    headers: SAME_ORIGIN,
    data: SEARCH_CRITERIA,
  });
  expect(response.status(), await response.text()).toBe(200);
  const offers = searchOffersOf(await response.json());
  if (offers.length === 0) throw new Error('The sandbox found no LHR→JFK offers');
  return offers;
}

export async function firstOfferId(request: APIRequestContext): Promise<string> {
  const [offer] = await searchOffers(request);
  if (!offer) throw new Error('no offer');
  return offer.id;
}

export interface Credentials {
  username: string;
  password: string;
}

/** Registers a traveller (first name Ada) through the API, without signing in. */
export async function registerTraveller(request: APIRequestContext): Promise<Credentials> {
  const username = uniqueName('a11y');
  const password = 'Traveller-Password-1!';
  const registered = await request.post('/api/auth/register', {
    headers: SAME_ORIGIN,
    data: {
      username,
      email: `${username}@example.com`,
      firstName: 'Ada',
      lastName: 'Lovelace',
      password,
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  return { username, password };
}

/** Registers a traveller and signs the request context in as them. */
export async function registerAndSignIn(request: APIRequestContext): Promise<Credentials> {
  const credentials = await registerTraveller(request);
  await signIn(request, credentials);
  return credentials;
}

async function signIn(request: APIRequestContext, credentials: Credentials): Promise<void> {
  const response = await request.post('/api/auth/login', {
    headers: SAME_ORIGIN,
    data: credentials,
  });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * Books a refundable trip through the API, as checkout would (authorise the card, then book): for
 * the traveller signed in on `request`, or as a guest (who stays signed out).
 */
export async function bookTrip(
  request: APIRequestContext,
  email: string,
): Promise<{ id: string; bookingReference: string }> {
  const offers = await searchOffers(request);
  const offer = offers.find((candidate) => candidate.conditions.refundable);
  if (!offer) throw new Error('the sandbox offered no refundable fare');
  const passengers = offer.passengers.map((passenger) => ({
    id: passenger.id,
    type: passenger.type,
    title: 'ms',
    firstName: 'Ada',
    lastName: 'Lovelace',
    gender: 'female',
    dateOfBirth: '1985-12-10',
    email,
    phone: '+44 20 7946 0000',
    passportNumber: 'P1234567',
    passportExpiryDate: isoDate(3_000),
    passportIssuingCountry: 'GB',
  }));
  const payment = await request.post('/api/payments/process-card', {
    headers: SAME_ORIGIN,
    data: {
      offerId: offer.id,
      amount: offer.total_amount,
      currency: offer.total_currency,
      passengers,
      cardDetails: {
        number: '4242424242424242',
        holderName: 'Ada Lovelace',
        expiryMonth: '12',
        expiryYear: String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0'),
        cvv: '123',
      },
    },
  });
  expect(payment.status(), await payment.text()).toBe(200);
  const { paymentId } = (await payment.json()) as { paymentId: string };
  const booking = await request.post('/api/bookings', {
    headers: { ...SAME_ORIGIN, 'Idempotency-Key': randomUUID() },
    data: {
      offerId: offer.id,
      passengers,
      paymentDetails: { paymentId, amount: offer.total_amount, currency: offer.total_currency },
    },
  });
  expect(booking.status(), await booking.text()).toBe(201);
  return (await booking.json()) as { id: string; bookingReference: string };
}

/** Session cookies of a signed-in API context, to hand to a browser context. */
export type SessionCookies = Awaited<ReturnType<APIRequestContext['storageState']>>['cookies'];

async function sessionOf(request: APIRequestContext): Promise<SessionCookies> {
  const { cookies } = await request.storageState();
  return cookies;
}

export async function useSession(context: BrowserContext, cookies: SessionCookies): Promise<void> {
  await context.addCookies(cookies);
}

/** A traveller with one booking, and the platform admin, each signed in once per worker. */
export interface Sessions {
  traveller: SessionCookies;
  travellerEmail: string;
  bookingReference: string;
  /** The booking's id (the back office's booking page). */
  bookingId: string;
  admin: SessionCookies;
}

async function createSessions(newContext: () => Promise<APIRequestContext>): Promise<Sessions> {
  const travellerApi = await newContext();
  const adminApi = await newContext();
  try {
    const { username } = await registerAndSignIn(travellerApi);
    const { id: bookingId, bookingReference } = await bookTrip(
      travellerApi,
      `${username}@example.com`,
    );
    await signIn(adminApi, E2E_ADMIN);
    return {
      traveller: await sessionOf(travellerApi),
      travellerEmail: `${username}@example.com`,
      bookingReference,
      bookingId,
      admin: await sessionOf(adminApi),
    };
  } finally {
    await travellerApi.dispose();
    await adminApi.dispose();
  }
}

/**
 * The test of the accessibility suites: `sessions()` signs a traveller (with a booking) and the
 * admin in once per worker, the first time a test asks.
 */
export const a11yTest = test.extend<object, { sessions: () => Promise<Sessions> }>({
  page: async ({ page }, use) => {
    followRequests(page);
    await use(page);
  },
  sessions: [
    async ({ playwright }, use, workerInfo) => {
      const { baseURL } = workerInfo.project.use;
      let created: Promise<Sessions> | undefined;
      await use(() => {
        created ??= createSessions(() => playwright.request.newContext({ baseURL }));
        return created;
      });
    },
    { scope: 'worker' },
  ],
});
