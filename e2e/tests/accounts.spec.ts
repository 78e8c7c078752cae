import { expect, test, type Page } from '@playwright/test';
import { signInOnPage, uniqueName } from '../fixtures';
import { toasts } from '../support/checkout';

// Registration needs 8+ characters and not a common password; a new password needs 12+ with
// upper and lower case, a digit and a special character.
const FIRST_PASSWORD = 'Skyward-Flight-8';
const NEW_PASSWORD = 'Cruising-Altitude-35k!';

async function registerThroughApi(page: Page, username: string, firstName: string) {
  const response = await page.request.post('/api/auth/register', {
    data: {
      username,
      email: `${username}@example.com`,
      firstName,
      lastName: 'Traveller',
      password: FIRST_PASSWORD,
    },
    headers: { 'sec-fetch-site': 'same-origin' },
  });
  expect(response.status()).toBe(201);
}

test.describe('accounts', () => {
  test('register, sign in, change the password, sign out, sign in with the new password', async ({
    page,
  }) => {
    const username = uniqueName('amelia');
    const banner = page.getByRole('banner');

    const main = page.getByRole('main');

    await page.goto('/register');
    await main.getByLabel('First Name', { exact: true }).fill('Amelia');
    await main.getByLabel('Last Name', { exact: true }).fill('Earhart');
    await main.getByLabel('Email', { exact: true }).fill(`${username}@example.com`);
    await main.getByLabel('Username', { exact: true }).fill(username);
    await main.getByLabel('Password', { exact: true }).fill(FIRST_PASSWORD);
    await main.getByLabel('Confirm Password', { exact: true }).fill(FIRST_PASSWORD);
    await main.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
    await main.getByRole('button', { name: 'Create Account' }).click();

    await expect(toasts(page).getByText('Registration successful')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    // Registering does not sign in.
    await expect(banner.getByRole('link', { name: 'Sign In' })).toBeVisible();

    await signInOnPage(page, username, FIRST_PASSWORD);
    await expect(toasts(page).getByText('Login successful')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    const accountButton = banner.getByRole('button', { name: 'Amelia' });
    await expect(accountButton).toBeEnabled();
    await expect(banner.getByRole('link', { name: 'Sign In' })).toHaveCount(0);

    await accountButton.click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/account-settings/);
    const profile = page.getByRole('tabpanel', { name: 'Profile' });
    await expect(profile.getByText(username, { exact: true })).toBeVisible();
    await expect(profile.getByText(`${username}@example.com`)).toBeVisible();

    await page.getByRole('tab', { name: 'Security' }).click();
    await expect(page).toHaveURL(/tab=security/);
    await main.getByLabel('Current Password', { exact: true }).fill(FIRST_PASSWORD);
    await main.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
    await main.getByLabel('Confirm New Password', { exact: true }).fill(NEW_PASSWORD);
    await main.getByRole('button', { name: 'Update Password' }).click();
    await expect(toasts(page).getByText('Settings Updated')).toBeVisible();
    await expect(toasts(page).getByText('Password updated successfully')).toBeVisible();
    await expect(main.getByLabel('Current Password', { exact: true })).toHaveValue('');

    await accountButton.click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(banner.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(accountButton).toHaveCount(0);

    await banner.getByRole('link', { name: 'Sign In' }).click();
    await signInOnPage(page, username, FIRST_PASSWORD);
    await expect(toasts(page).getByText('Login failed')).toBeVisible();

    await signInOnPage(page, username, NEW_PASSWORD);
    await expect(toasts(page).getByText('Login successful')).toBeVisible();
    await expect(accountButton).toBeEnabled();
  });

  test('the register form shows the rules it breaks, on fields never touched too', async ({
    page,
  }) => {
    const main = page.getByRole('main');
    await page.goto('/register');
    await main.getByLabel('Email', { exact: true }).fill('not-an-email');
    await main.getByLabel('Password', { exact: true }).fill('password');
    await main.getByLabel('Confirm Password', { exact: true }).fill('passw0rd');
    // Straight from the last field to the button: no message may move it under the pointer.
    await main.getByRole('button', { name: 'Create Account' }).click();

    await expect(main.getByText('First name is required')).toBeVisible();
    await expect(main.getByText('Username must be at least 3 characters')).toBeVisible();
    await expect(main.getByText('Please enter a valid email address')).toBeVisible();
    await expect(
      main.getByText('This password is too common. Please choose a less common password'),
    ).toBeVisible();
    await expect(main.getByText("Passwords don't match")).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);
  });

  test("a wrong password shows 'Login failed' and stays on the sign-in page", async ({ page }) => {
    const username = uniqueName('wrong');
    await registerThroughApi(page, username, 'Bessie');

    await page.goto('/login');
    await signInOnPage(page, username, 'not-the-password');

    await expect(toasts(page).getByText('Login failed')).toBeVisible();
    await expect(toasts(page).getByText('Invalid username or password')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('main').getByLabel('Password', { exact: true })).toHaveValue('');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
  });

  test('account settings sends a visitor to sign in, then back', async ({ page }) => {
    const username = uniqueName('bessie');
    await registerThroughApi(page, username, 'Bessie');

    await page.goto('/account-settings');
    await expect(page).toHaveURL(/\/login\?redirect=%2Faccount-settings$/);

    await signInOnPage(page, username, FIRST_PASSWORD);
    await expect(page).toHaveURL(/\/account-settings$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();

    // A direct load of a signed-in page reads the user from the page's boot data.
    await page.reload();
    await expect(
      page.getByRole('tabpanel', { name: 'Profile' }).getByText(username, { exact: true }),
    ).toBeVisible();
  });

  test('the sign-in and sign-up pages load without console errors', async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));

    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Sign Up' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Create Account' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 375, height: 740 } });

    test('the slide-out menu follows the session', async ({ page }) => {
      const username = uniqueName('phone');
      await registerThroughApi(page, username, 'Jean');

      await page.goto('/');
      await page.getByRole('button', { name: 'Open menu' }).click();
      const menu = page.getByRole('dialog');
      await menu.getByRole('link', { name: 'Sign In' }).click();
      await expect(page).toHaveURL(/\/login$/);

      await signInOnPage(page, username, FIRST_PASSWORD);
      await expect(page).toHaveURL(/\/$/);
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(menu.getByText('Jean', { exact: true })).toBeVisible();
      await expect(menu.getByRole('link', { name: 'Settings' })).toBeVisible();
      await menu.getByRole('button', { name: 'Sign Out' }).click();

      await expect(menu).toHaveCount(0);
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(menu.getByRole('link', { name: 'Sign In' })).toBeVisible();
    });
  });
});
