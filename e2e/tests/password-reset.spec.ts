import { expect, test } from '@playwright/test';
import { uniqueName } from '../fixtures';
import { mailMatching, mailTo } from '../support/mailbox';

const OLD_PASSWORD = 'Skyward-Flight-8';
const NEW_PASSWORD = 'Quiet-Harbour-Lights';

test.describe('password reset', () => {
  // A whole journey of pages plus two argon2 hashings and the mail's round trip through SMTP.
  test.setTimeout(60_000);

  test('forgot password → e-mailed link → new password → sign in; the old password and the used link no longer work', async ({
    page,
  }) => {
    const username = uniqueName('reset');
    const email = `${username}@example.com`;
    const registered = await page.request.post('/api/auth/register', {
      data: { username, email, firstName: 'Bessie', lastName: 'Coleman', password: OLD_PASSWORD },
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(registered.status()).toBe(201);
    const main = page.getByRole('main');

    await page.goto('/login');
    await main.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot Password' })).toBeVisible();
    await main.getByLabel('Email', { exact: true }).fill(email);
    await main.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(main.getByRole('status')).toContainText(
      'If an account exists for that email address, we have sent it a link',
    );

    const mail = await mailMatching(email, /^Reset your/);
    expect(mail.subject).toBe('Reset your Contrail password');
    expect(mail.headers.get('from')).toBe('Contrail <no-reply@contrail.example>');
    expect(mail.html).toContain('Set a new password');
    const link = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(mail.text)?.[0];
    if (!link) throw new Error(`no reset link in the e-mail:\n${mail.text}`);
    expect(new URL(link).origin).toBe(new URL(page.url()).origin);

    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Set a New Password' })).toBeVisible();
    await main.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
    await main.getByLabel('Confirm New Password', { exact: true }).fill(NEW_PASSWORD);
    await main.getByRole('button', { name: 'Set New Password' }).click();

    await expect(page).toHaveURL(/\/login\?reset=done$/);
    await expect(
      main.getByText('Your password has been reset. Sign in with your new password.'),
    ).toBeVisible();
    await main.getByLabel('Username', { exact: true }).fill(username);
    await main.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await main.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Bessie' })).toBeVisible();

    const withOld = await page.request.post('/api/auth/login', {
      data: { username, password: OLD_PASSWORD },
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(withOld.status()).toBe(401);

    await page.goto(link);
    const refused = main.getByRole('alert');
    await expect(refused).toContainText('This link cannot be used');
    await expect(refused).toContainText(
      'This password reset link is invalid or has expired. Please ask for a new one.',
    );
    await expect(main.getByLabel('New Password', { exact: true })).toHaveCount(0);
    await refused.getByRole('link', { name: 'Ask for a new link' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
  });

  test('an address without an account gets the same answer and no e-mail', async ({ page }) => {
    const nobody = `${uniqueName('nobody')}@example.com`;
    const someone = uniqueName('someone');
    await page.request.post('/api/auth/register', {
      data: {
        username: someone,
        email: `${someone}@example.com`,
        firstName: 'Harriet',
        lastName: 'Quimby',
        password: OLD_PASSWORD,
      },
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    const main = page.getByRole('main');
    const answers: string[] = [];
    for (const address of [nobody, `${someone}@example.com`]) {
      await page.goto('/forgot-password');
      await main.getByLabel('Email', { exact: true }).fill(address);
      await main.getByRole('button', { name: 'Send Reset Link' }).click();
      answers.push(await main.getByRole('status').innerText());
    }
    expect(answers[0]).toBe(answers[1]);
    // The account's e-mail arrives; by then the other request has long been handled.
    await mailMatching(`${someone}@example.com`, /^Reset your/);
    expect(await mailTo(nobody)).toHaveLength(0);
  });
});
