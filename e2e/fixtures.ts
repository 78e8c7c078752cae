import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';

/** The platform admin the end-to-end server is started with. */
export const E2E_ADMIN = { username: 'e2e-admin', password: 'E2e-Admin-Password-1!' } as const;

/** A username no other test (or earlier run on the same database) uses. */
export function uniqueName(prefix: string): string {
  return `${prefix}-${randomBytes(4).toString('hex')}`;
}

/**
 * Signs in through the API within the page's browser context, so the session cookie is the
 * page's. Same-origin headers as the browser would send them.
 */
export async function signInThroughApi(
  page: Page,
  { username, password }: { username: string; password: string },
): Promise<void> {
  const request: APIRequestContext = page.request;
  const response = await request.post('/api/auth/login', {
    data: { username, password },
    headers: { 'sec-fetch-site': 'same-origin' },
  });
  if (!response.ok())
    throw new Error(`sign-in failed: ${response.status()} ${await response.text()}`);
}

/**
 * Signs in on the sign-in page's own form. The URL changes before that page's code has loaded,
 * and until then the page before it (the sign-up form has fields of the same names) stays on
 * screen: the form is found by its heading, not by the fields' labels alone.
 */
export async function signInOnPage(page: Page, username: string, password: string): Promise<void> {
  const form = page.getByRole('main').getByRole('region', { name: 'Sign In' });
  await form.getByLabel('Username', { exact: true }).fill(username);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign In' }).click();
}
