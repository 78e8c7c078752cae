import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, signedOut, siteHandler, stubFetch } from '../test/fetch-stub';
import { renderApp } from '../test/render-app';

function stubShell() {
  return stubFetch({ 'GET /api/auth/user': signedOut, 'GET /api/site': siteHandler });
}

describe('router', () => {
  it('shows the not-found page inside the shell for an unknown path', async () => {
    stubShell();
    renderApp({ path: '/no-such-page' });

    const main = within(await screen.findByRole('main'));
    expect(
      await main.findByRole('heading', { level: 1, name: '404 Page Not Found' }),
    ).toBeInTheDocument();
    expect(main.getByText('Did you forget to add the page to the router?')).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(await screen.findByRole('contentinfo')).toBeInTheDocument();
  });

  it.each([
    ['/about', 'About Contrail'],
    ['/privacy', 'Privacy Policy'],
    ['/privacy-policy', 'Privacy Policy'],
    ['/terms', 'Terms of Service'],
    ['/cookies', 'Cookie Policy'],
    ['/cancellation-policy', 'Cancellation Policy'],
    ['/expedia', 'Partner flight offers'],
  ])('renders the %s page inside the shell, not the 404 page', async (path, title) => {
    stubShell();
    renderApp({ path });

    const main = within(await screen.findByRole('main'));
    expect(await main.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(main.queryByText('404 Page Not Found')).not.toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(await screen.findByRole('contentinfo')).toBeInTheDocument();
  });

  it('sends /flight without an id to /search, and /search without criteria to the form', async () => {
    stubShell();
    const { router } = renderApp({ path: '/flight' });

    expect(await screen.findByRole('region', { name: 'Search Flights' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it("shows 'Loading brand manager...' while the brand manager's code loads", async () => {
    stubFetch({
      'GET /api/auth/user': () =>
        jsonResponse({
          username: 'grace',
          email: 'grace@example.com',
          firstName: 'Grace',
          lastName: 'Hopper',
          isAdmin: true,
          createdAt: '2025-01-29T10:00:00.000Z',
          mustChangePassword: false,
        }),
      'GET /api/site': siteHandler,
      'GET /api/admin/brands': () => jsonResponse({ brands: [] }),
    });
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    vi.doMock('./routes/admin-brands', async () => {
      await gate;
      return vi.importActual('./routes/admin-brands');
    });

    renderApp({ path: '/admin/brands' });

    expect(await screen.findByText('Loading brand manager...')).toHaveAttribute('role', 'status');
    release();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Brand Manager' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Loading brand manager...')).not.toBeInTheDocument();
    vi.doUnmock('./routes/admin-brands');
  });

  it('keeps the brand parameter on in-app navigation', async () => {
    stubShell();
    const user = userEvent.setup();
    const { router } = renderApp({ path: '/about?brand=skyline' });

    const banner = within(await screen.findByRole('banner'));
    expect(banner.getByRole('link', { name: 'Support' })).toHaveAttribute(
      'href',
      '/support?brand=skyline',
    );
    await user.click(banner.getByRole('link', { name: 'Support' }));

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/support');
    });
    expect(router.state.location.search).toEqual({ brand: 'skyline' });
    const footer = within(await screen.findByRole('contentinfo'));
    expect(footer.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      '/terms?brand=skyline',
    );
  });

  it('links Flights to the search section of the home page', async () => {
    stubShell();
    const user = userEvent.setup();
    const { router } = renderApp({ path: '/about' });

    const nav = within(await screen.findByRole('navigation', { name: 'Main' }));
    await user.click(nav.getByRole('link', { name: 'Flights' }));

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/');
    });
    expect(router.state.location.hash).toBe('search');
    const section = await screen.findByRole('region', { name: 'Search Flights' });
    expect(section).toHaveAttribute('id', 'search');
  });
});
