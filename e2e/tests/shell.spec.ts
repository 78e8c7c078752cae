import { expect, test } from '@playwright/test';

test.describe('app shell and brands', () => {
  test('the home page shows the default brand name and title', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('Contrail - Flight Booking');
    await expect(
      page.getByRole('banner').getByText('Contrail', { exact: true }).first(),
    ).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
  });

  test('?brand=skyhop.localhost switches the name and the primary colour', async ({ page }) => {
    await page.goto('/');
    const defaultPrimary = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--primary').trim(),
    );

    await page.goto('/?brand=skyhop.localhost');
    await expect(page).toHaveTitle('SkyHop - Flight Booking');
    await expect(
      page.getByRole('banner').getByText('SkyHop', { exact: true }).first(),
    ).toBeVisible();
    const primary = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--primary').trim(),
    );
    expect(primary).toBe('#0f766e');
    expect(primary).not.toBe(defaultPrimary);

    // The brand stays chosen while moving around the app.
    await page.getByRole('banner').getByRole('link', { name: 'Support' }).first().click();
    await expect(page).toHaveURL(/\/support\?brand=skyhop\.localhost/);
    await expect(page).toHaveTitle('Support - SkyHop');
  });

  test('the first paint is already in the brand colours', async ({ page }) => {
    // With JavaScript off, only what the server wrote can colour the page.
    await page.route('**/*.js', (route) => route.abort());
    await page.goto('/?brand=skyhop.localhost');
    await expect(page).toHaveTitle('SkyHop - Flight Booking');
    const primary = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--primary').trim(),
    );
    expect(primary).toBe('#0f766e');
  });

  test('an unknown route shows the 404 page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByText('404 Page Not Found')).toBeVisible();
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  });

  test('an app route renders its page inside the shell, not the 404 page', async ({ page }) => {
    await page.goto('/my-trips');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByText('404 Page Not Found')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('the page loads without console errors or CSP violations', async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto('/?brand=skyhop.localhost');
    await expect(page).toHaveTitle('SkyHop - Flight Booking');
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
  });
});
