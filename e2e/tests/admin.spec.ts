import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN, signInThroughApi, uniqueName } from '../fixtures';

const ACCESS_DENIED = "You don't have permission to access admin settings.";
const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };

/** Registers a traveller (no admin rights) through the API; the page is then signed in as them. */
async function signInAsTraveller(page: Page): Promise<void> {
  const username = uniqueName('traveller');
  const password = 'Traveller-Password-1!';
  const response = await page.request.post('/api/auth/register', {
    data: {
      username,
      email: `${username}@example.com`,
      firstName: 'Tess',
      lastName: 'Traveller',
      password,
    },
    headers: SAME_ORIGIN,
  });
  expect(response.status(), await response.text()).toBe(201);
  await signInThroughApi(page, { username, password });
}

test.describe('admin pages: access', () => {
  test('a non-admin opening /admin/brands is sent to / with Access Denied', async ({ page }) => {
    await signInAsTraveller(page);

    await page.goto('/admin/brands');

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Access Denied', { exact: true })).toBeVisible();
    await expect(page.getByText(ACCESS_DENIED, { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Brand Manager' })).toHaveCount(0);
  });

  test('a signed-out visitor opening /admin-settings is sent to sign in, to come back', async ({
    page,
  }) => {
    await page.goto('/admin-settings?brand=skyhop.localhost');

    await expect(page).toHaveURL(/\/login\?/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(
      '/admin-settings?brand=skyhop.localhost',
    );
    await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
    await expect(page.getByText('Access Denied', { exact: true })).toHaveCount(0);
  });
});

test.describe('admin pages: an admin', () => {
  test.beforeEach(async ({ page }) => {
    await signInThroughApi(page, E2E_ADMIN);
  });

  test('reaches the settings from the account menu and sees the mode and providers', async ({
    page,
  }) => {
    await page.goto('/');
    // The bootstrapped admin's first name labels the account menu.
    await page.getByRole('banner').getByRole('button', { name: 'Platform' }).click();
    await page.getByRole('menuitem', { name: 'Admin Panel' }).click();

    await expect(page).toHaveURL(/\/admin-settings$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Settings' })).toBeVisible();
    await expect(page.getByText('Environment:')).toContainText('Production');
    // No live provider is configured on the test server: the switch stays off and disabled.
    const toggle = page.getByRole('switch', { name: 'Live mode' });
    await expect(toggle).toBeDisabled();
    await expect(toggle).not.toBeChecked();
    await expect(page.getByText('Live mode needs a configured live flight provider')).toBeVisible();
    const providers = page.getByRole('list', { name: 'Live providers' });
    await expect(providers.getByText('Not configured')).toHaveCount(2);
    await expect(page.getByRole('link', { name: 'Back to Account' })).toHaveAttribute(
      'href',
      '/account-settings',
    );
  });

  test('previews brand colours, and warns about low contrast and refuses to save it', async ({
    page,
  }) => {
    await page.goto('/admin-settings');
    await page.getByRole('link', { name: /Open brand manager/ }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Brand Manager' })).toBeVisible();
    const skyhop = page.getByRole('listitem', { name: 'SkyHop' });
    await expect(skyhop).toContainText('skyhop.localhost');
    await skyhop.getByRole('button', { name: 'Edit SkyHop' }).click();

    const form = page.getByRole('form', { name: 'Edit SkyHop' });
    await expect(form.getByLabel('Primary colour', { exact: true })).toHaveValue('#0f766e');
    await form.getByLabel('Primary colour', { exact: true }).fill('#7c3aed');
    const preview = page.getByTestId('brand-preview');
    await expect
      .poll(() => preview.evaluate((el) => getComputedStyle(el).getPropertyValue('--primary')))
      .toBe('#7c3aed');
    // The preview's buttons really paint in the edited colour.
    await expect(preview.getByRole('button', { name: 'Primary' })).toHaveCSS(
      'background-color',
      'rgb(124, 58, 237)',
    );

    await form.getByLabel('Text colour', { exact: true }).fill('#999999');
    await expect(page.getByText(/Low contrast: text on background is 2\.\d\d:1/)).toBeVisible();
    // A theme that cannot meet WCAG AA is refused, not only warned about, at the colour to change.
    await form.getByRole('button', { name: 'Save changes' }).click();
    const text = form.getByLabel('Text colour', { exact: true });
    await expect(text).toHaveAttribute('aria-invalid', 'true');
    await expect(form).toContainText(
      /Text on background is 2\.\d\d:1, below the 4\.50:1 WCAG AA minimum\. Choose a colour with more contrast\./,
    );

    // Nothing was saved: the brand's site keeps its colour.
    await page.goto('/?brand=skyhop.localhost');
    const primary = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--primary').trim(),
    );
    expect(primary).toBe('#0f766e');
  });

  test('the admin pages and their dialogs run without console errors or CSP violations', async ({
    page,
  }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));

    await page.goto('/admin-settings');
    await expect(page.getByRole('switch', { name: 'Live mode' })).toBeVisible();
    await page.goto('/admin/brands');
    await page.getByRole('button', { name: 'Delete SkyHop' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Delete SkyHop?' })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Edit SkyHop' }).click();
    await page.getByRole('combobox', { name: 'Currency' }).click();
    await expect(page.getByRole('option', { name: 'EUR' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.waitForLoadState('networkidle');

    expect(problems).toEqual([]);
  });
});
