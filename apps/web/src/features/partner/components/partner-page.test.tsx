import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buildBrand } from '../../../test/brands';
import { jsonResponse, signedOut, siteHandler, stubFetch } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';

// The whole app renders and the page loads lazily.
vi.setConfig({ testTimeout: 15_000 });

function renderPartner(path = '/expedia') {
  stubFetch({
    'GET /api/auth/user': signedOut,
    'GET /api/site': siteHandler,
    'GET /api/brands/skyline': () => jsonResponse(buildBrand()),
  });
  return renderApp({ path, brandKey: 'skyline' });
}

async function findMain() {
  await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });
  return within(screen.getByRole('main'));
}

const description = () =>
  document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content;

function conversions(): number {
  return (window.dataLayer ?? [])
    .map((entry) => Array.from(entry as ArrayLike<unknown>))
    .filter(([command, name]) => command === 'event' && name === 'conversion').length;
}

beforeEach(() => {
  delete window.dataLayer;
});

describe('partner page', () => {
  it('has its own title and description, and the next page its own', async () => {
    const { router } = renderPartner();
    await findMain();

    await waitFor(() => {
      expect(description()).toMatch(
        /^Partner flight offers from Skyline Air: compare fares on Delta, United, American/,
      );
    });
    expect(document.title).toBe('Partner Flight Offers - Skyline Air');

    await router.navigate({ to: '/' });
    await waitFor(() => {
      expect(description()).toMatch(/^Search flights from hundreds of airlines/);
    });
    expect(document.title).toBe('Skyline Air - Flight Booking');
  });

  it('holds the search form, the airlines, six features, three promotions and the contacts', async () => {
    renderPartner();
    const main = await findMain();

    expect(main.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(main.getByRole('form', { name: 'Flight search' })).toBeInTheDocument();

    const airlines = within(main.getByRole('region', { name: 'Airlines you can book' }));
    expect(airlines.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'DLDelta Air Lines',
      'UAUnited Airlines',
      'AAAmerican Airlines',
      'WNSouthwest Airlines',
      'ACAir Canada',
      'B6JetBlue',
    ]);

    const features = within(
      main.getByRole('region', { name: 'Why travellers book with Skyline Air' }),
    );
    expect(features.getAllByRole('heading', { level: 3 })).toHaveLength(6);

    const offers = within(main.getByRole('region', { name: 'Ways to save' }));
    expect(offers.getAllByRole('heading', { level: 3 })).toHaveLength(3);
    expect(offers.getByText('Save up to 25%')).toBeInTheDocument();

    const contact = within(main.getByRole('region', { name: 'Talk to a travel expert' }));
    expect(contact.getByText('Average wait time: less than 30 seconds')).toBeInTheDocument();
    expect(contact.getByRole('link', { name: '+1 555 0100' })).toHaveAttribute(
      'href',
      'tel:+15550100',
    );
    expect(contact.getByRole('link', { name: 'help@skyline.example' })).toHaveAttribute(
      'href',
      'mailto:help@skyline.example',
    );
    expect(contact.getByText('1 Runway Road')).toBeInTheDocument();
    for (const call of main.getAllByRole('link', { name: 'Call +1 555 0100' })) {
      expect(call).toHaveAttribute('href', 'tel:+15550100');
    }
  });

  it('reports a conversion for every phone link it shows, and lets the call go ahead', async () => {
    const user = userEvent.setup();
    renderPartner();
    const main = await findMain();
    // Records whether the page held the click, then stops jsdom from following a tel: link.
    const held: boolean[] = [];
    const onClick = (event: MouseEvent) => {
      held.push(event.defaultPrevented);
      event.preventDefault();
    };
    window.addEventListener('click', onClick);

    const hero = within(main.getByRole('region', { name: 'Partner flight offers' }));
    await user.click(hero.getByRole('link', { name: 'Call +1 555 0100' }));
    await user.click(main.getByRole('link', { name: '+1 555 0100' }));
    // The header's phone link is on this page too.
    await user.click(within(screen.getByRole('banner')).getByRole('link', { name: '+1 555 0100' }));
    // Other links are not conversions.
    await user.click(main.getByRole('link', { name: 'help@skyline.example' }));

    expect(conversions()).toBe(3);
    // Without an analytics tag nothing needs waiting for: the browser dials at once.
    expect(held).toEqual([false, false, false, false]);
    window.removeEventListener('click', onClick);
  });

  it('stops reporting phone calls once the traveller has left the page', async () => {
    const user = userEvent.setup();
    const { router } = renderPartner();
    await findMain();
    await router.navigate({ to: '/' });
    await screen.findByRole('heading', { level: 1, name: 'Find and book flights worldwide' });
    const stop = (event: MouseEvent) => {
      event.preventDefault();
    };
    window.addEventListener('click', stop);

    await user.click(within(screen.getByRole('banner')).getByRole('link', { name: '+1 555 0100' }));

    expect(conversions()).toBe(0);
    window.removeEventListener('click', stop);
  });
});
