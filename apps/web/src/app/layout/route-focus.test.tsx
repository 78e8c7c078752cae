import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedOut, siteHandler, stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';

describe('moving to another page (WCAG 2.4.3, 4.1.3)', () => {
  it("focuses the new page's heading, and leaves the first page of a visit alone", async () => {
    stubFetch({ 'GET /api/auth/user': signedOut, 'GET /api/site': siteHandler });
    const user = userEvent.setup();
    const { router } = renderApp({ path: '/about' });
    const about = await screen.findByRole('heading', { level: 1, name: 'About Contrail' });
    expect(about).not.toHaveFocus();

    // The footer loads beside the page (below the fold, it is not in the entry chunk).
    await user.click(
      within(await screen.findByRole('contentinfo')).getByRole('link', {
        name: 'Terms of Service',
      }),
    );
    const terms = await screen.findByRole('heading', { level: 1, name: 'Terms of Service' });
    await waitFor(() => expect(terms).toHaveFocus());
    expect(router.state.location.pathname).toBe('/terms');
  });
});
