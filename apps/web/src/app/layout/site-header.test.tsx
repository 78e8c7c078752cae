import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  apiErrorResponse,
  jsonResponse,
  signedOut,
  siteHandler,
  stubFetch,
} from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';

const traveller = {
  username: 'ada',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  isAdmin: false,
  backOffice: false,
  createdAt: '2025-01-29T10:00:00.000Z',
  mustChangePassword: false,
};
const admin = {
  ...traveller,
  username: 'grace',
  firstName: 'Grace',
  isAdmin: true,
  backOffice: true,
};
const staff = { ...traveller, username: 'alan', firstName: 'Alan', backOffice: true };

function stubShell(user: object | null, extra: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    'GET /api/auth/user': user ? () => jsonResponse(user) : signedOut,
    'GET /api/site': siteHandler,
    ...extra,
  });
}

async function header() {
  return within(await screen.findByRole('banner'));
}

/** The account menu's trigger once its lazily loaded code is there (the fallback is disabled). */
async function accountMenuButton(name: string): Promise<HTMLElement> {
  return waitFor(
    () => {
      const button = within(screen.getByRole('banner')).getByRole('button', { name });
      expect(button).toBeEnabled();
      return button;
    },
    { timeout: 3000 },
  );
}

describe('site header', () => {
  it('shows the main links and, signed out, Sign In and Sign Up', async () => {
    stubShell(null);
    renderApp({ path: '/about' });

    const banner = await header();
    const nav = within(banner.getByRole('navigation', { name: 'Main' }));
    expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(nav.getByRole('link', { name: 'Flights' })).toHaveAttribute('href', '/#search');
    expect(nav.getByRole('link', { name: 'My Trips' })).toHaveAttribute('href', '/my-trips');
    expect(nav.getByRole('link', { name: 'Support' })).toHaveAttribute('href', '/support');
    expect(banner.getByRole('link', { name: '+44 20 4577 0199' })).toHaveAttribute(
      'href',
      'tel:+442045770199',
    );
    expect(await banner.findByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(banner.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/register');
    expect(banner.queryByRole('button', { name: /Ada/ })).not.toBeInTheDocument();
  });

  it('shows a signed-in user an account menu without Admin Panel', async () => {
    stubShell(traveller);
    const user = userEvent.setup();
    renderApp({ path: '/about' });

    const banner = await header();
    const trigger = await accountMenuButton('Ada');
    expect(banner.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();

    await user.click(trigger);

    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toHaveAttribute(
      'href',
      '/account-settings',
    );
    expect(within(menu).getByRole('menuitem', { name: 'My Trips' })).toHaveAttribute(
      'href',
      '/my-trips',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Sign Out' })).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Admin Panel' })).not.toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Back Office' })).not.toBeInTheDocument();
  });

  it('adds Admin Panel and Back Office for admins', async () => {
    stubShell(admin);
    const user = userEvent.setup();
    renderApp({ path: '/about' });

    await user.click(await accountMenuButton('Grace'));

    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Admin Panel' })).toHaveAttribute(
      'href',
      '/admin-settings',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Back Office' })).toHaveAttribute(
      'href',
      '/admin',
    );
  });

  it('adds Back Office, without Admin Panel, for brand staff, in the menu and the slide-out menu', async () => {
    stubShell(staff);
    const user = userEvent.setup();
    renderApp({ path: '/about' });

    await user.click(await accountMenuButton('Alan'));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Back Office' })).toHaveAttribute(
      'href',
      '/admin',
    );
    expect(within(menu).queryByRole('menuitem', { name: 'Admin Panel' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click((await header()).getByRole('button', { name: 'Open menu' }));
    const dialog = await screen.findByRole('dialog');
    const mobileNav = within(within(dialog).getByRole('navigation', { name: 'Mobile' }));
    expect(await mobileNav.findByRole('link', { name: 'Back Office' })).toHaveAttribute(
      'href',
      '/admin',
    );
  });

  it('signs out with an empty JSON body, then shows Sign In and goes to /', async () => {
    const requests = stubShell(traveller, {
      'POST /api/auth/logout': () => jsonResponse({ success: true }),
    });
    const user = userEvent.setup();
    const { router } = renderApp({ path: '/about' });

    const banner = await header();
    await user.click(await accountMenuButton('Ada'));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign Out' }));

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/');
    });
    const logout = requests.find((request) => request.path === '/api/auth/logout');
    expect(logout?.method).toBe('POST');
    expect(logout?.body).toEqual({});
    expect(logout?.headers.get('content-type')).toBe('application/json');
    expect(await banner.findByRole('link', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('only logs a failed sign-out and stays signed in', async () => {
    const errorLog = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubShell(traveller, {
      'POST /api/auth/logout': () =>
        apiErrorResponse(500, 'internal_error', 'Internal Server Error'),
    });
    const user = userEvent.setup();
    const { router } = renderApp({ path: '/about' });

    const banner = await header();
    await user.click(await accountMenuButton('Ada'));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign Out' }));

    await waitFor(() => {
      expect(errorLog).toHaveBeenCalledWith('Logout failed', expect.any(Error));
    });
    expect(router.state.location.pathname).toBe('/about');
    expect(banner.getByRole('button', { name: 'Ada' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('turns opaque only after more than 10 px of scroll', async () => {
    stubShell(null);
    renderApp({ path: '/about' });
    const banner = await screen.findByRole('banner');

    const scrollTo = (y: number) => {
      act(() => {
        window.scrollY = y;
        fireEvent.scroll(window);
      });
    };

    expect(banner).toHaveClass('bg-transparent');
    expect(banner).not.toHaveClass('bg-background');
    scrollTo(10);
    expect(banner).not.toHaveClass('bg-background');
    scrollTo(11);
    expect(banner).toHaveClass('bg-background', 'shadow-sm');
    expect(banner).toHaveAttribute('data-scrolled', 'true');
    scrollTo(0);
    expect(banner).toHaveClass('bg-transparent');
  });

  it('opens a labelled slide-out menu that closes with Escape and returns focus', async () => {
    stubShell(traveller);
    const user = userEvent.setup();
    renderApp({ path: '/about' });

    const banner = await header();
    const menuButton = banner.getByRole('button', { name: 'Open menu' });
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await user.click(menuButton);

    const dialog = await screen.findByRole('dialog', { name: 'Contrail' });
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    const mobileNav = within(within(dialog).getByRole('navigation', { name: 'Mobile' }));
    for (const name of ['Home', 'Flights', 'My Trips', 'Support']) {
      expect(mobileNav.getAllByRole('link', { name })[0]).toBeInTheDocument();
    }
    expect(await mobileNav.findByRole('link', { name: 'Settings' })).toBeInTheDocument();
    expect(mobileNav.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    expect(mobileNav.queryByRole('link', { name: 'Admin Panel' })).not.toBeInTheDocument();
    expect(mobileNav.queryByRole('link', { name: 'Back Office' })).not.toBeInTheDocument();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    await user.keyboard('{Escape}');

    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(menuButton).toHaveFocus();
  });
});

describe('site header current page', () => {
  it('marks the current page for assistive technology, telling Home from Flights', async () => {
    stubShell(null);
    renderApp({ path: '/support' });

    const nav = within(await screen.findByRole('navigation', { name: 'Main' }));
    expect(nav.getByRole('link', { name: 'Support' })).toHaveAttribute('aria-current', 'page');
    expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
    expect(nav.getByRole('link', { name: 'Flights' })).not.toHaveAttribute('aria-current');
  });
});
