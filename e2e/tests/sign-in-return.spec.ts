import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN, signInOnPage, uniqueName } from '../fixtures';

// Signed-out visitors who follow an account or admin link sign in, then land where they were
// going, with the query they asked for; only a path on this site is ever followed.

const PASSWORD = 'Skyward-Flight-8';

async function registerThroughApi(page: Page): Promise<string> {
  const username = uniqueName('returning');
  const response = await page.request.post('/api/auth/register', {
    data: {
      username,
      email: `${username}@example.com`,
      firstName: 'Rita',
      lastName: 'Traveller',
      password: PASSWORD,
    },
    headers: { 'sec-fetch-site': 'same-origin' },
  });
  expect(response.status()).toBe(201);
  return username;
}

test.describe('sign in, then back', () => {
  test('a my-trips link opened signed out leads through sign-in to the tab it named', async ({
    page,
  }) => {
    const username = await registerThroughApi(page);

    await page.goto('/my-trips?tab=cancelled');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fmy-trips%3Ftab%3Dcancelled$/);
    await expect(page).toHaveTitle('Sign In - Contrail');

    await signInOnPage(page, username, PASSWORD);
    await expect(page).toHaveURL(/\/my-trips\?tab=cancelled$/);
    await expect(page).toHaveTitle('My Trips - Contrail');
    await expect(page.getByRole('tab', { name: /^Cancelled/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  test('an admin link opened signed out leads through sign-in to the admin page', async ({
    page,
  }) => {
    await page.goto('/admin/brands?brand=skyhop.localhost');
    await expect(page).toHaveURL(/\/login\?/);
    await expect(page).toHaveTitle('Sign In - SkyHop');
    // Not refused: the visitor may well be an admin who has not signed in yet.
    await expect(page.getByText('Access Denied', { exact: true })).toHaveCount(0);

    await signInOnPage(page, E2E_ADMIN.username, E2E_ADMIN.password);
    await expect(page).toHaveURL(/\/admin\/brands\?brand=skyhop\.localhost$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Brand Manager' })).toBeVisible();
    await expect(page).toHaveTitle('Brand Manager - SkyHop');
  });

  test('a sign-in link pointing at another site ends on this site', async ({ page }) => {
    const username = await registerThroughApi(page);

    await page.goto('/login?redirect=%2F%2Fevil.example%2Fmy-trips');
    await signInOnPage(page, username, PASSWORD);

    await expect(page.getByText('Login successful', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  });
});
