import { alertMessages, type Alert } from '@contrail/contracts/alerts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildCurrentUser } from '../../auth/testing/current-user-factory';
import { saveLastSearch } from '../../flight-search/lib/saved-search';
import { parseSearchPageSearch } from '../../flight-search/lib/search-params';
import {
  apiErrorResponse,
  jsonResponse,
  signedOut,
  siteHandler,
  stubFetch,
  type RecordedRequest,
} from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import { priceAlertPageTexts } from './price-alert-link-page';
import { priceAlertTexts } from './price-alert-form';
import { priceAlertsListTexts } from './price-alerts-list';

// The whole app renders and the pages load lazily.
vi.setConfig({ testTimeout: 15_000 });

function saveSearch(departureDate = '2026-12-20') {
  const search = parseSearchPageSearch({
    origin: 'LHR',
    destination: 'JFK',
    departureDate,
    returnDate: '2026-12-27',
    tripType: 'round-trip',
    cabinClass: 'economy',
    adultsCount: 1,
  });
  if (!search) throw new Error('not a search');
  saveLastSearch(search);
}

const alert = (overrides: Partial<Alert> = {}): Alert => ({
  id: '0b5c3c1e-6f2a-4d7e-9a51-3c4d5e6f7a8b',
  origin: 'LHR',
  destination: 'JFK',
  departureDate: '2026-12-20',
  returnDate: '2026-12-27',
  tripType: 'round-trip',
  cabinClass: 'economy',
  adultsCount: 1,
  childrenCount: 0,
  infantsCount: 0,
  status: 'active',
  lastPrice: { amount: '412.30', currency: 'USD' },
  lastCheckedAt: '2026-11-22T08:00:00.000Z',
  createdAt: '2026-11-21T08:00:00.000Z',
  ...overrides,
});

async function priceAlertsCard() {
  const heading = await screen.findByRole(
    'heading',
    { level: 3, name: 'Price Alerts' },
    {
      timeout: 10_000,
    },
  );
  const card = heading.closest('li');
  if (!card) throw new Error('no card');
  return within(card);
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
  localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the home page’s price-alert card', () => {
  it('asks a guest for an address, then tells them to check their e-mail', async () => {
    saveSearch();
    const requests = stubFetch({
      'GET /api/auth/user': signedOut,
      'GET /api/site': siteHandler,
      'POST /api/alerts': () =>
        jsonResponse({ status: 'pending_confirmation', message: alertMessages.checkEmail }),
    });
    const user = userEvent.setup();
    renderApp({ path: '/' });
    const card = await priceAlertsCard();
    expect(card.getByText('LHR to JFK')).toBeInTheDocument();

    await user.click(card.getByRole('button', { name: priceAlertTexts.track }));
    expect(card.getByText(alertMessages.emailRequired)).toBeInTheDocument();
    expect(requests.some((r) => r.path === '/api/alerts')).toBe(false);

    await user.type(card.getByRole('textbox', { name: 'Email Address' }), 'grace@example.com');
    await user.click(card.getByRole('button', { name: priceAlertTexts.track }));
    expect(await card.findByText(alertMessages.checkEmail)).toBeInTheDocument();
    const sent = requests.find((r: RecordedRequest) => r.path === '/api/alerts');
    expect(sent?.body).toMatchObject({
      origin: 'LHR',
      destination: 'JFK',
      departureDate: '2026-12-20',
      returnDate: '2026-12-27',
      email: 'grace@example.com',
    });
  });

  it('tracks the last search in one click when signed in', async () => {
    saveSearch();
    const requests = stubFetch({
      'GET /api/auth/user': () => jsonResponse(buildCurrentUser()),
      'GET /api/site': siteHandler,
      'POST /api/alerts': () =>
        jsonResponse(
          { status: 'active', message: alertMessages.tracking, alert: alert() },
          { status: 201 },
        ),
    });
    const user = userEvent.setup();
    renderApp({ path: '/' });
    const card = await priceAlertsCard();
    await waitFor(() => {
      expect(card.queryByRole('textbox', { name: 'Email Address' })).not.toBeInTheDocument();
    });
    await user.click(card.getByRole('button', { name: priceAlertTexts.track }));
    expect(await card.findByText(alertMessages.tracking)).toBeInTheDocument();
    const sent = requests.find((r) => r.path === '/api/alerts');
    expect(sent?.body).not.toHaveProperty('email');
  });

  it('asks for a search first when there is none, or the last one has departed', async () => {
    saveSearch('2026-11-01');
    stubFetch({ 'GET /api/auth/user': signedOut, 'GET /api/site': siteHandler });
    renderApp({ path: '/' });
    const card = await priceAlertsCard();
    expect(card.getByText(priceAlertTexts.noSearch)).toBeInTheDocument();
    expect(card.queryByRole('button', { name: priceAlertTexts.track })).not.toBeInTheDocument();
  });
});

describe('the price alerts in account settings', () => {
  it('lists the traveller’s alerts with their last price and stops one', async () => {
    let alerts = [
      alert(),
      alert({
        id: '1c6d4d2f-7a3b-4e8f-8b62-4d5e6f7a8b9c',
        destination: 'CDG',
        returnDate: null,
        tripType: 'one-way',
        lastPrice: null,
        status: 'expired',
      }),
    ];
    const requests = stubFetch({
      'GET /api/auth/user': () => jsonResponse(buildCurrentUser()),
      'GET /api/site': siteHandler,
      'GET /api/alerts': () => jsonResponse({ alerts }),
      [`DELETE /api/alerts/${alerts[0]?.id ?? ''}`]: () => {
        alerts = alerts.slice(1);
        return new Response(null, { status: 204 });
      },
    });
    const user = userEvent.setup();
    renderApp({ path: '/account-settings' });

    expect(await screen.findByText('LHR to JFK', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText(priceAlertsListTexts.lastPrice('$412.30'))).toBeInTheDocument();
    expect(screen.getByText('LHR to CDG')).toBeInTheDocument();
    expect(screen.getByText(priceAlertsListTexts.expired)).toBeInTheDocument();
    expect(screen.getByText(priceAlertsListTexts.noPriceYet)).toBeInTheDocument();

    await user.click(
      screen.getByRole('button', { name: priceAlertsListTexts.stopLabel('LHR to JFK') }),
    );
    await waitFor(() => {
      expect(
        screen.queryByRole('button', { name: priceAlertsListTexts.stopLabel('LHR to JFK') }),
      ).not.toBeInTheDocument();
    });
    expect(await screen.findByText(alertMessages.stopped)).toBeInTheDocument();
    expect(screen.queryByText(priceAlertsListTexts.lastPrice('$412.30'))).not.toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
    expect(screen.getByText('LHR to CDG')).toBeInTheDocument();
  });

  it('says so when nothing is tracked', async () => {
    stubFetch({
      'GET /api/auth/user': () => jsonResponse(buildCurrentUser()),
      'GET /api/site': siteHandler,
      'GET /api/alerts': () => jsonResponse({ alerts: [] }),
    });
    renderApp({ path: '/account-settings' });
    expect(
      await screen.findByText(priceAlertsListTexts.empty, {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });
});

describe('the page of an alert e-mail’s links', () => {
  it('stops the alert only when its button is pressed', async () => {
    const requests = stubFetch({
      'GET /api/auth/user': signedOut,
      'GET /api/site': siteHandler,
      'POST /api/alerts/unsubscribe': () =>
        jsonResponse({ success: true, message: alertMessages.unsubscribed }),
    });
    const user = userEvent.setup();
    renderApp({ path: '/price-alert?stop=abcdefghijklmnopqrstuvwxyz' });
    const button = await screen.findByRole(
      'button',
      { name: priceAlertPageTexts.stopButton },
      { timeout: 10_000 },
    );
    expect(requests.some((r) => r.path === '/api/alerts/unsubscribe')).toBe(false);
    await user.click(button);
    expect(await screen.findByText(alertMessages.unsubscribed)).toBeInTheDocument();
  });

  it('says when a confirmation link no longer works', async () => {
    stubFetch({
      'GET /api/auth/user': signedOut,
      'GET /api/site': siteHandler,
      'POST /api/alerts/confirm': () =>
        apiErrorResponse(410, 'alert_link_invalid', alertMessages.linkInvalid),
    });
    const user = userEvent.setup();
    renderApp({ path: '/price-alert?confirm=abcdefghijklmnopqrstuvwxyz' });
    await user.click(
      await screen.findByRole(
        'button',
        { name: priceAlertPageTexts.confirmButton },
        { timeout: 10_000 },
      ),
    );
    expect(await screen.findByText(alertMessages.linkInvalid)).toBeInTheDocument();
  });
});
