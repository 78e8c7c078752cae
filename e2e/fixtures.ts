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
