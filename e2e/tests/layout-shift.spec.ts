import { expect, test, type Page } from '@playwright/test';
import { daysFromToday } from '../support/forms';

// Nothing on the results page moves when the results arrive: the page's cumulative layout shift
// (every `layout-shift` entry not caused by the traveller's input, from the navigation on,
// summed, which is never less than the browser's CLS) stays under 0.1, Core Web Vitals' "good",
// on a phone and on a desktop. The skeletons stand in for what is still loading (the results,
// the edit form's code, the filters, the date strip) at their exact size, or this fails.

const GOOD_CLS = 0.1;

declare global {
  interface Window {
    /** Every layout shift seen since the navigation: its score and what moved. */
    __layoutShifts?: { value: number; hadRecentInput: boolean; sources: string[] }[];
  }
}

/** Records layout shifts from the first moment of every page the test opens. */
async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: NonNullable<Window['__layoutShifts']> = [];
    window.__layoutShifts = shifts;
    const describe = (node: Node | null): string => {
      if (!(node instanceof Element)) return String(node?.nodeName);
      const id = node.id ? `#${node.id}` : '';
      const label = node.getAttribute('aria-label') ?? node.getAttribute('data-testid') ?? '';
      return `${node.tagName.toLowerCase()}${id}${label ? `[${label}]` : ''}.${node.getAttribute('class')?.slice(0, 60) ?? ''}`;
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const shift = entry as PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources?: { node: Node | null }[];
        };
        shifts.push({
          value: shift.value,
          hadRecentInput: shift.hadRecentInput,
          sources: (shift.sources ?? []).map((source) => describe(source.node)),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The layout shifts so far (after two frames, so the last paint's are reported). */
async function layoutShifts(page: Page) {
  return page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    return window.__layoutShifts ?? [];
  });
}

const VIEWPORTS = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
] as const;

const TRIPS = [
  {
    name: 'a return trip',
    search: () =>
      new URLSearchParams({
        origin: 'LHR',
        destination: 'JFK',
        departureDate: daysFromToday(21),
        returnDate: daysFromToday(28),
        tripType: 'round-trip',
        cabinClass: 'economy',
        adultsCount: '1',
        childrenCount: '0',
        infantsCount: '0',
      }),
  },
  {
    name: 'a multi-city trip',
    search: () =>
      new URLSearchParams({
        tripType: 'multi-city',
        slices: `LHR.CDG.${daysFromToday(21)}_CDG.FCO.${daysFromToday(25)}_FCO.LHR.${daysFromToday(30)}`,
        cabinClass: 'economy',
        adultsCount: '1',
        childrenCount: '0',
        infantsCount: '0',
      }),
  },
] as const;

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`results page layout shift on a ${name}`, () => {
    test.use({ viewport });

    for (const trip of TRIPS) {
      test(`nothing moves when the results of ${trip.name} arrive`, async ({ page }) => {
        await recordLayoutShifts(page);
        await page.goto(`/search?${trip.search().toString()}`);

        // The skeleton first, then the results in its place.
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        const results = page.getByRole('list', { name: 'Flight results' });
        await expect(results.getByRole('article').first()).toBeVisible({ timeout: 20_000 });
        if (name === 'desktop') {
          // What loads beside the results is in too: the edit form and the filters.
          await expect(page.getByRole('form', { name: 'Edit search' })).toBeVisible();
          await expect(
            page.getByRole('complementary', { name: 'Filters' }).getByRole('checkbox').first(),
          ).toBeVisible();
        }
        if (trip.name === 'a return trip') {
          // The ±3-day strip, asked for once the results are painted, comes in its own place.
          await expect(
            page.getByRole('navigation', { name: 'Prices on nearby dates' }),
          ).toBeVisible();
          await page.waitForLoadState('networkidle');
        }

        const shifts = (await layoutShifts(page)).filter((shift) => !shift.hadRecentInput);
        const cls = shifts.reduce((total, shift) => total + shift.value, 0);
        test.info().annotations.push({ type: 'cls', description: cls.toFixed(4) });
        console.log(`CLS ${name}, ${trip.name}: ${cls.toFixed(4)}`);
        expect(
          cls,
          `layout shifts: ${JSON.stringify(shifts.filter((shift) => shift.value > 0.001))}`,
        ).toBeLessThan(GOOD_CLS);
      });
    }
  });
}
