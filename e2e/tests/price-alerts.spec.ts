import { expect, test } from '@playwright/test';
import { signInThroughApi, uniqueName } from '../fixtures';
import { daysFromToday } from '../support/forms';

const PASSWORD = 'Skyward-Flight-8';

/** A date `days` from today, `YYYY-MM-DD` (the browser and this process share the clock). */

test('a signed-in traveller tracks their last search from the home page and sees it in account settings', async ({
  page,
}) => {
  const username = uniqueName('alerts');
  const registered = await page.request.post('/api/auth/register', {
    data: {
      username,
      email: `${username}@example.com`,
      firstName: 'Bessie',
      lastName: 'Coleman',
      password: PASSWORD,
    },
    headers: { 'sec-fetch-site': 'same-origin' },
  });
  expect(registered.status()).toBe(201);
  await signInThroughApi(page, { username, password: PASSWORD });

  // A search answered on the results page is the one the home page offers to track.
  await page.goto(
    `/search?origin=LHR&destination=JFK&departureDate=${daysFromToday(30)}&returnDate=${daysFromToday(37)}&cabinClass=economy&adultsCount=1&childrenCount=0&infantsCount=0&tripType=round-trip`,
  );
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /^\d+ flights?$/ })).toBeVisible({
    timeout: 20_000,
  });

  await page.goto('/');
  const card = page.getByRole('listitem').filter({
    has: page.getByRole('heading', { level: 3, name: 'Price Alerts' }),
  });
  await expect(card.getByText('LHR to JFK')).toBeVisible();
  await expect(card.getByRole('textbox', { name: 'Email Address' })).toHaveCount(0);
  await card.getByRole('button', { name: 'Track prices' }).click();
  await expect(
    card.getByText('Price alert set. We will e-mail you when the price drops.'),
  ).toBeVisible();

  await page.goto('/account-settings');
  await expect(page.getByRole('heading', { level: 2, name: 'Price Alerts' })).toBeVisible();
  await expect(page.getByText('LHR to JFK')).toBeVisible();
  await expect(
    page.getByRole('button', { name: 'Stop the price alert for LHR to JFK' }),
  ).toBeVisible();
});
