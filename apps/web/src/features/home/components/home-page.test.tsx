import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildBrand } from '../../../test/brands';
import { jsonResponse, signedOut, siteHandler, stubFetch } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';

// The whole app renders and the page loads lazily.
vi.setConfig({ testTimeout: 15_000 });

function renderHome(brand = buildBrand()) {
  stubFetch({
    'GET /api/auth/user': signedOut,
    'GET /api/site': siteHandler,
    'GET /api/brands/skyline': () => jsonResponse(brand),
  });
  return renderApp({ path: '/', brandKey: 'skyline' });
}

async function findMain() {
  await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });
  return within(screen.getByRole('main'));
}

function stubReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({ matches: reduce && query.includes('reduce'), media: query })),
  );
}

describe('home page', () => {
  it('shows the hero, the search form, every feature card and the closing call to action', async () => {
    renderHome();
    const main = await findMain();

    expect(main.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(main.getByRole('region', { name: 'Search Flights' })).toContainElement(
      main.getByRole('form', { name: 'Flight search' }),
    );
    const whyBook = within(main.getByRole('region', { name: 'Why book with Skyline Air' }));
    const services = within(main.getByRole('region', { name: 'Travel services' }));
    const cardTitles = (region: typeof whyBook) =>
      region.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(cardTitles(whyBook)).toEqual([
      'Secure Booking',
      'Best Prices',
      '24/7 Support',
      'Flexible Payment',
    ]);
    expect(cardTitles(services)).toEqual([
      'Flight Booking',
      'Travel Insurance',
      'Travel Planning',
      'Loyalty Rewards',
      'Quick Check-in',
      'Price Alerts',
    ]);
    expect(main.getByRole('region', { name: 'Ready to take off?' })).toBeInTheDocument();
    expect(main.getByText(/book in minutes with Skyline Air/)).toBeInTheDocument();
  });

  it('keeps the headings in order, with no level skipped', async () => {
    renderHome();
    const main = await findMain();
    const levels = main
      .getAllByRole('heading')
      .map((heading) => Number(heading.tagName.replace('H', '')));
    expect(levels[0]).toBe(1);
    levels.forEach((level, index) => {
      expect(level - (levels[index - 1] ?? 0)).toBeLessThanOrEqual(1);
    });
  });

  it("dials the brand's phone from every call button", async () => {
    renderHome();
    const main = await findMain();
    const calls = main.getAllByRole('link', { name: 'Call +1 555 0100' });
    // Hero and closing call to action.
    expect(calls).toHaveLength(2);
    for (const call of calls) expect(call).toHaveAttribute('href', 'tel:+15550100');
  });

  it("falls back to the default brand's phone when the brand has none", async () => {
    renderHome(buildBrand({ contact: { email: 'a@b.example', address: 'x', phone: ' ' } }));
    const main = await findMain();
    const calls = main.getAllByRole('link', { name: 'Call +44 20 4577 0199' });
    expect(calls).toHaveLength(2);
    for (const call of calls) expect(call).toHaveAttribute('href', 'tel:+442045770199');
  });

  it.each([
    ['Search Flights', false, 'smooth'],
    ['Start Searching', true, 'auto'],
  ] as const)(
    "'%s' scrolls to the search form and moves focus there (reduced motion: %s)",
    async (name, reduce, behavior) => {
      stubReducedMotion(reduce);
      const user = userEvent.setup();
      const { router } = renderHome();
      const main = await findMain();
      const section = main.getByRole('region', { name: 'Search Flights' });
      const scroll = vi.spyOn(Element.prototype, 'scrollIntoView');

      await user.click(main.getByRole('link', { name }));

      expect(scroll).toHaveBeenCalledExactlyOnceWith({ behavior, block: 'start' });
      expect(scroll.mock.contexts[0]).toBe(section);
      expect(section).toHaveFocus();
      // The URL stays as it was.
      expect(router.state.location.hash).toBe('');

      await user.tab();
      expect(main.getByRole('tab', { name: 'Round Trip' })).toHaveFocus();
    },
  );
});
