import type { APIRequestContext, Page, Route } from '@playwright/test';
import { E2E_ADMIN, uniqueName } from '../fixtures';
import {
  SAME_ORIGIN,
  VIEWPORTS,
  a11yTest,
  animationsFinished,
  expect,
  firstOfferId,
  searchPath,
  type Sessions,
  type ViewportName,
} from './a11y';

/**
 * A brand a brand manager might make at the edge of what the editor accepts: white text on a
 * black page, a neon yellow primary (black text on it), pure blue and cyan. Every derived colour
 * (muted text, input borders, highlights, the focus ring) has to be worked out from these.
 */
const EXTREME_THEME = {
  primary: '#ffff00',
  secondary: '#0000ff',
  accent: '#00ffff',
  background: '#000000',
  text: '#ffffff',
  font: 'Georgia, serif',
} as const;

/** Creates a brand with EXTREME_THEME through the admin API; answers its key (its domain). */
async function createExtremeBrand(admin: APIRequestContext): Promise<string> {
  const domain = `${uniqueName('extreme')}.localhost`;
  // Creating a brand needs the password confirmed again, as in the brand manager.
  const stepUp = await admin.post('/api/admin/login', {
    headers: SAME_ORIGIN,
    data: { password: E2E_ADMIN.password },
  });
  expect(stepUp.status(), await stepUp.text()).toBe(200);
  const response = await admin.post('/api/admin/brands', {
    headers: SAME_ORIGIN,
    data: {
      name: 'Neon Night Flights International',
      domain,
      logo: null,
      theme: EXTREME_THEME,
      contact: { email: 'help@neon.example', phone: '+44 20 7946 0123', address: '1 Neon Row' },
      social: { facebook: null, twitter: null, instagram: null },
      markupPercent: 10,
      currency: 'USD',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return domain;
}

/** The seeded brands and the generated one, as the `?brand=` each is opened with. */
export type BrandName = 'default' | 'skyhop' | 'extreme';

/** The accessibility suites' test, plus `extremeBrand()`: the generated brand, once per worker. */
export const wcagTest = a11yTest.extend<object, { extremeBrand: () => Promise<string> }>({
  extremeBrand: [
    async ({ playwright, sessions }, use, workerInfo) => {
      const { baseURL } = workerInfo.project.use;
      let created: Promise<string> | undefined;
      await use(() => {
        created ??= (async () => {
          const admin = await playwright.request.newContext({
            baseURL,
            storageState: { cookies: (await sessions()).admin, origins: [] },
          });
          try {
            return await createExtremeBrand(admin);
          } finally {
            await admin.dispose();
          }
        })();
        return created;
      });
    },
    { scope: 'worker' },
  ],
});

/** `path` with `?brand=` (or `&brand=`) for a brand other than the default. */
export function withBrand(path: string, brand: string | null): string {
  if (!brand) return path;
  return `${path}${path.includes('?') ? '&' : '?'}brand=${encodeURIComponent(brand)}`;
}

/**
 * Every page a traveller or an admin can open, as paths (an offer's made on the spot; the back
 * office's booking page is the sessions' booking's).
 */
export async function everyRoute(
  request: APIRequestContext,
  booking: Pick<Sessions, 'bookingId' | 'bookingReference' | 'travellerEmail'>,
): Promise<{ path: string; as?: 'traveller' | 'admin' }[]> {
  const { bookingId } = booking;
  const offer = encodeURIComponent(await firstOfferId(request));
  // Retrieve-booking requests, one that found nothing and one that found the booking, so that the
  // inbox shows both kinds with their links and reply forms.
  const lookup = (reference: string, email: string) =>
    request.get(
      `/api/bookings/lookup?reference=${encodeURIComponent(reference)}&email=${encodeURIComponent(email)}`,
    );
  await lookup('ZZZ999', 'someone@example.com');
  await lookup(booking.bookingReference, booking.travellerEmail);
  return [
    { path: '/' },
    { path: searchPath() },
    { path: `/flight/${offer}` },
    { path: `/booking?offer=${offer}` },
    { path: '/manage-booking' },
    { path: '/my-trips', as: 'traveller' },
    { path: '/account-settings', as: 'traveller' },
    { path: '/admin-settings', as: 'admin' },
    { path: '/admin/brands', as: 'admin' },
    { path: '/admin', as: 'admin' },
    { path: '/admin/bookings', as: 'admin' },
    { path: `/admin/bookings/${encodeURIComponent(bookingId)}`, as: 'admin' },
    { path: '/admin/inbox', as: 'admin' },
    { path: '/admin/inbox?kind=lookup', as: 'admin' },
    { path: '/admin/inbox?kind=lookup&status=answered', as: 'admin' },
    { path: '/admin/newsletter', as: 'admin' },
    { path: '/admin/outbox', as: 'admin' },
    { path: '/admin/audit', as: 'admin' },
    { path: '/admin/staff', as: 'admin' },
    { path: '/login' },
    { path: '/register' },
    { path: '/forgot-password' },
    { path: '/reset-password?token=x' },
    // Without a token: the page says so without asking the server (whose 400 the console shows).
    { path: '/verify-email', as: 'traveller' },
    { path: '/privacy' },
    { path: '/privacy-policy' },
    { path: '/terms' },
    { path: '/cookies' },
    { path: '/cancellation-policy' },
    { path: '/about' },
    { path: '/expedia' },
    { path: '/support' },
    { path: '/faq' },
    { path: '/contact' },
    { path: '/no/such/page' },
  ];
}

/** How far the page scrolls sideways (0 when it reflows). */
export function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

/** Sets (or, with null, removes) the root font size: the browser's text-size setting. */
function setRootFontSize(page: Page, size: string | null): Promise<void> {
  return page.evaluate((value) => {
    if (value) document.documentElement.style.fontSize = value;
    else document.documentElement.style.removeProperty('font-size');
  }, size);
}

/**
 * WCAG 1.4.10 on the page as it stands, without loading it again: how far it scrolls sideways
 * once narrowed to 320 CSS px (on a phone), or with every rem doubled, the browser's 200 % text
 * size (on a desktop). The page is then put back as it was.
 */
export async function sidewaysScrollWhenReflowed(page: Page, viewport: ViewportName) {
  const size = page.viewportSize() ?? VIEWPORTS[viewport].viewport;
  if (viewport === 'phone') await page.setViewportSize({ width: 320, height: 640 });
  else await setRootFontSize(page, '200%');
  try {
    // The new layout: two frames, then any transition it started.
    await page.evaluate(async () => {
      for (let frame = 0; frame < 2; frame += 1)
        await new Promise((resolve) => requestAnimationFrame(resolve));
    });
    await animationsFinished(page);
    return await sidewaysScroll(page);
  } finally {
    if (viewport === 'phone') await page.setViewportSize(size);
    else await setRootFontSize(page, null);
  }
}

/** What `sidewaysScrollWhenReflowed` narrows a viewport's page to, for messages. */
export const REFLOW_OF: Record<ViewportName, string> = { phone: '320 px', desktop: '200 % text' };

/**
 * The focused element is not hidden by a bar fixed or stuck to the viewport (WCAG 2.4.11): its
 * middle is on screen and what shows there is the element itself (or its content), not the
 * header, a Book bar or a banner above it.
 */
export async function expectFocusNotObscured(page: Page, label: string): Promise<void> {
  const state = await page.evaluate(() => {
    const element = document.activeElement;
    if (!(element instanceof HTMLElement) || element === document.body) return null;
    const box = element.getBoundingClientRect();
    // Visually hidden until focused, or a focus trap's sentinel: nothing to see.
    if (box.width < 2 || box.height < 2) return null;
    const name = `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent).trim().slice(0, 40)}"`;
    // The part of it on screen (a tall panel shows only a part), a line into it.
    const top = Math.max(box.top, 0);
    const bottom = Math.min(box.bottom, window.innerHeight);
    if (bottom - top < 1) return { name, covered: `off screen (top ${Math.round(box.top)})` };
    const x = Math.min(Math.max(box.left + box.width / 2, 0), window.innerWidth - 1);
    const y = box.top >= 0 ? top + Math.min((bottom - top) / 2, 12) : (top + bottom) / 2;
    const hit = document.elementFromPoint(x, y);
    if (!hit || element.contains(hit) || hit.contains(element)) return { name, covered: null };
    // Covered by something fixed or sticky (the header, a bar, a banner)?
    for (let node: Element | null = hit; node; node = node.parentElement) {
      const position = getComputedStyle(node).position;
      if (position === 'fixed' || position === 'sticky') {
        return {
          name,
          covered: `${node.tagName.toLowerCase()}.${node.className.slice(0, 50)}`,
        };
      }
    }
    return { name, covered: null };
  });
  if (state) expect(state.covered, `${label}: focus on ${state.name} is hidden by`).toBeNull();
}

/**
 * Serves every page of `page` as a server with an analytics tag configured would (the boot data
 * names a tag), so the cookie banner asks until the visitor chooses. Nothing is loaded from
 * Google: the tag loads only on Accept. Answers how to stop.
 */
export async function askForCookies(page: Page): Promise<() => Promise<void>> {
  const handler = async (route: Route) => {
    if (route.request().resourceType() !== 'document') return route.continue();
    const response = await route.fetch();
    const html = (await response.text()).replace(
      /(<script id="boot-data" type="application\/json">)([\s\S]*?)(<\/script>)/,
      (_whole, open: string, json: string, close: string) => {
        const data = JSON.parse(json) as { site?: Record<string, unknown> } | null;
        if (!data?.site) return `${open}${json}${close}`;
        data.site.analytics = { tagId: 'G-E2ETEST', conversionLabel: null };
        return `${open}${JSON.stringify(data).replace(/</g, '\\u003c')}${close}`;
      },
    );
    await route.fulfill({ response, body: html });
  };
  await page.route('**/*', handler);
  return () => page.unroute('**/*', handler);
}

/**
 * The pointer targets on screen smaller than 24 by 24 CSS px that the spacing exception of WCAG
 * 2.5.8 does not excuse: a 24 px circle on each small target's centre may not reach another
 * target, nor another small target's circle. Links inside running text are exempt, as are
 * targets hidden from everyone (visually hidden, inert, aria-hidden).
 */
export function undersizedTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const MIN = 24;
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [role="tab"], [role="checkbox"], [role="radio"], [role="switch"], [role="option"], [role="menuitem"], [tabindex]:not([tabindex="-1"])';
    const inText = (element: Element) => {
      if (getComputedStyle(element).display !== 'inline') return false;
      const parent = element.parentElement;
      if (!parent) return false;
      return [...parent.childNodes].some(
        (node) =>
          node !== element &&
          node.nodeType === Node.TEXT_NODE &&
          (node.nodeValue ?? '').trim() !== '',
      );
    };
    const targets = [...document.querySelectorAll(selector)]
      .filter((element) => !element.closest('[inert], [aria-hidden="true"]'))
      .filter((element) => {
        const style = getComputedStyle(element);
        // Visually hidden until focused (the skip link): clipped away.
        const clipped = style.clipPath.startsWith('inset(50%');
        return style.visibility !== 'hidden' && style.pointerEvents !== 'none' && !clipped;
      })
      // A target inside another (an icon button in a clickable row) is the same place to tap.
      .filter(
        (element, _index, all) =>
          !all.some(
            (other) => other !== element && other.contains(element) && other.tagName !== 'LABEL',
          ),
      )
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      // Visually hidden (1 px) until focused, or not on the page.
      .filter(({ box }) => box.width > 2 && box.height > 2);
    const small = targets.filter(
      ({ element, box }) => (box.width < MIN - 0.5 || box.height < MIN - 0.5) && !inText(element),
    );
    const centre = (box: DOMRect) => ({ x: box.left + box.width / 2, y: box.top + box.height / 2 });
    const distanceToBox = (point: { x: number; y: number }, box: DOMRect) => {
      const dx = Math.max(box.left - point.x, 0, point.x - box.right);
      const dy = Math.max(box.top - point.y, 0, point.y - box.bottom);
      return Math.hypot(dx, dy);
    };
    const problems: string[] = [];
    for (const target of small) {
      const c = centre(target.box);
      const crowded = targets.some((other) => {
        if (other === target) return false;
        if (small.includes(other)) {
          const o = centre(other.box);
          return Math.hypot(c.x - o.x, c.y - o.y) < MIN - 0.5;
        }
        return distanceToBox(c, other.box) < MIN / 2 - 0.5;
      });
      if (!crowded) continue;
      const element = target.element;
      const name = (element.getAttribute('aria-label') ?? element.textContent).trim().slice(0, 30);
      problems.push(
        `${element.tagName.toLowerCase()} "${name}" ${Math.round(target.box.width)}×${Math.round(target.box.height)}`,
      );
    }
    return problems;
  });
}
