import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildBrand } from '../../../test/brands';
import { jsonResponse, signedOut, siteHandler, stubFetch } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';

function stubShell() {
  return stubFetch({
    'GET /api/auth/user': signedOut,
    'GET /api/site': siteHandler,
    'GET /api/brands/skyline': () => jsonResponse(buildBrand()),
  });
}

async function openFaq(path = '/faq', brandKey?: string) {
  const view = renderApp({ path, ...(brandKey ? { brandKey } : {}) });
  const main = within(await screen.findByRole('main', {}, { timeout: 5000 }));
  // The page's code loads lazily; a busy machine takes a while.
  await main.findByRole(
    'heading',
    { level: 1, name: 'Frequently Asked Questions' },
    { timeout: 5000 },
  );
  return { ...view, main };
}

type Main = Awaited<ReturnType<typeof openFaq>>['main'];

const searchBox = (main: Main) => main.getByRole('searchbox', { name: 'Search the FAQ' });

describe('FAQ page', { timeout: 20_000 }, () => {
  it('shows six category tabs, Booking first, each with five questions', async () => {
    stubShell();
    const user = userEvent.setup();
    const { main } = await openFaq();

    const tabs = within(main.getByRole('tablist', { name: 'FAQ categories' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Booking',
      'Payment',
      'Cancellations',
      'Changes',
      'Travel',
      'Account',
    ]);
    expect(main.getByRole('tab', { name: 'Booking' })).toHaveAttribute('aria-selected', 'true');
    const panel = within(main.getByRole('tabpanel'));
    expect(panel.getByRole('heading', { level: 2, name: 'Booking' })).toBeInTheDocument();
    expect(panel.getAllByRole('heading', { level: 3 })).toHaveLength(5);

    await user.click(main.getByRole('tab', { name: 'Travel' }));
    const travel = within(main.getByRole('tabpanel'));
    expect(travel.getAllByRole('heading', { level: 3 })).toHaveLength(5);
    const arrival = travel.getByRole('button', {
      name: 'How early should I arrive at the airport?',
    });
    await user.click(arrival);
    expect(arrival).toHaveAttribute('aria-expanded', 'true');
    expect(travel.getByText(/3 hours before for international flights/)).toBeVisible();
  });

  it('opens the category named by the address (#payment) and names the tab in it', async () => {
    stubShell();
    const user = userEvent.setup();
    const { main, router } = await openFaq('/faq#payment');

    expect(main.getByRole('tab', { name: 'Payment' })).toHaveAttribute('aria-selected', 'true');
    expect(
      main.getByRole('button', { name: 'Can I split the payment between two cards?' }),
    ).toBeInTheDocument();

    await user.click(main.getByRole('tab', { name: 'Account' }));
    await waitFor(() => {
      expect(router.state.location.hash).toBe('account');
    });
  });

  it('searches questions and answers when the Search button is pressed', async () => {
    stubShell();
    const user = userEvent.setup();
    const { main } = await openFaq();

    await user.type(searchBox(main), 'REFUND');
    // Nothing happens before the search is asked for.
    expect(main.getByRole('tablist')).toBeInTheDocument();
    await user.click(main.getByRole('button', { name: 'Search' }));

    const results = within(await main.findByRole('region', { name: /results for "REFUND"/ }));
    expect(main.queryByRole('tablist')).not.toBeInTheDocument();
    // Grouped by category, in the FAQ's order.
    const groups = results.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(groups).toEqual(['Cancellations', 'Changes']);
    expect(
      results.getByRole('heading', { level: 4, name: 'How long does a refund take?' }),
    ).toBeInTheDocument();
    expect(main.getByRole('status')).toHaveTextContent(/results for "REFUND"/);
  });

  it('searches with the Enter key, and finds words that only the answer holds', async () => {
    stubShell();
    const user = userEvent.setup();
    const { main } = await openFaq();

    // Only an answer mentions a mobile boarding pass.
    await user.type(searchBox(main), 'boarding pass{Enter}');

    const results = within(
      await main.findByRole('region', { name: '1 result for "boarding pass"' }),
    );
    expect(results.getByRole('heading', { level: 3, name: 'Travel' })).toBeInTheDocument();
    expect(
      results.getByRole('button', { name: 'When does online check-in open?' }),
    ).toBeInTheDocument();
  });

  it('says when nothing matches and goes back to every question', async () => {
    stubShell();
    const user = userEvent.setup();
    const { main } = await openFaq();

    await user.type(searchBox(main), '  submarine  {Enter}');

    expect(
      await main.findByRole('heading', { level: 2, name: 'No results for "submarine"' }),
    ).toBeInTheDocument();
    expect(main.getByRole('status')).toHaveTextContent('No results for "submarine"');

    await user.click(main.getByRole('button', { name: 'Show all questions' }));
    expect(main.getByRole('tablist', { name: 'FAQ categories' })).toBeInTheDocument();
    expect(searchBox(main)).toHaveValue('');
    expect(searchBox(main)).toHaveFocus();
  });

  it('an empty search shows every question again', async () => {
    stubShell();
    const user = userEvent.setup();
    const { main } = await openFaq();

    await user.type(searchBox(main), 'passport{Enter}');
    await main.findByRole('region', { name: /results for "passport"/ });
    await user.clear(searchBox(main));
    await user.keyboard('{Enter}');

    expect(await main.findByRole('tablist', { name: 'FAQ categories' })).toBeInTheDocument();
    expect(within(main.getByRole('tabpanel')).getAllByRole('heading', { level: 3 })).toHaveLength(
      5,
    );
  });

  it("offers 'Still Need Help?' with the contact page and the brand's phone", async () => {
    stubShell();
    const { main } = await openFaq('/faq', 'skyline');

    const help = within(main.getByRole('region', { name: 'Still Need Help?' }));
    expect(help.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
    expect(await help.findByRole('link', { name: 'Call +1 555 0100' })).toHaveAttribute(
      'href',
      'tel:+15550100',
    );
    expect(main.getByText(/managing your flights with Skyline Air/)).toBeInTheDocument();
  });
});
