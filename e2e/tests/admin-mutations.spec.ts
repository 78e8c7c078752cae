import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN, signInThroughApi } from '../fixtures';

// Runs in its own project after every other test (playwright.config.ts): it changes the demo
// brand that other tests read.

// One after the other: both edit the demo brand, and a form loaded before the other's change
// would send its old contact e-mail back (a change that asks for the password).
test.describe.configure({ mode: 'serial' });

const DEMO_DOMAIN = 'skyhop.localhost';
const ORIGINAL_PRIMARY = '#0f766e';
const NEW_PRIMARY = '#7c3aed';
const ORIGINAL_EMAIL = 'hello@skyhop.example';
const NEW_EMAIL = 'replies@skyhop-partner.example';
const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };

async function primaryColourOfHome(page: Page): Promise<string> {
  await page.goto(`/?brand=${DEMO_DOMAIN}`);
  await expect(page).toHaveTitle('SkyHop - Flight Booking');
  return page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--primary').trim(),
  );
}

async function setPrimaryInBrandManager(page: Page, colour: string): Promise<void> {
  await page.goto('/admin/brands');
  await page.getByRole('button', { name: 'Edit SkyHop' }).click();
  const form = page.getByRole('form', { name: 'Edit SkyHop' });
  await form.getByLabel('Primary colour', { exact: true }).fill(colour);
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Brand saved', { exact: true })).toBeVisible();
  await expect(form.getByText('All changes saved')).toBeVisible();
}

/** Puts the seeded colour and contact e-mail back through the API, whatever a failed run left. */
async function restoreThroughApi(page: Page): Promise<void> {
  const list = await page.request.get('/api/admin/brands');
  const { brands } = (await list.json()) as {
    brands: {
      id: string;
      domain: string;
      theme: { primary: string };
      contact: { email: string };
    }[];
  };
  const demo = brands.find((brand) => brand.domain === DEMO_DOMAIN);
  if (!demo || (demo.theme.primary === ORIGINAL_PRIMARY && demo.contact.email === ORIGINAL_EMAIL)) {
    return;
  }
  // The contact e-mail changes only with the password confirmed again.
  const stepUp = await page.request.post('/api/admin/login', {
    data: { password: E2E_ADMIN.password },
    headers: SAME_ORIGIN,
  });
  expect(stepUp.ok(), await stepUp.text()).toBe(true);
  const { id, ...rest } = demo as typeof demo & Record<string, unknown>;
  const input = Object.fromEntries(
    Object.entries(rest).filter(([key]) => !['isDefault', 'updatedAt'].includes(key)),
  );
  const response = await page.request.put(`/api/admin/brands/${id}`, {
    data: {
      ...input,
      theme: { ...demo.theme, primary: ORIGINAL_PRIMARY },
      contact: { ...demo.contact, email: ORIGINAL_EMAIL },
    },
    headers: SAME_ORIGIN,
  });
  expect(response.ok(), await response.text()).toBe(true);
}

test('an admin changes the demo brand’s primary colour and the home page shows it', async ({
  page,
}) => {
  await signInThroughApi(page, E2E_ADMIN);
  try {
    expect(await primaryColourOfHome(page)).toBe(ORIGINAL_PRIMARY);

    await setPrimaryInBrandManager(page, NEW_PRIMARY);
    expect(await primaryColourOfHome(page)).toBe(NEW_PRIMARY);

    await setPrimaryInBrandManager(page, ORIGINAL_PRIMARY);
    expect(await primaryColourOfHome(page)).toBe(ORIGINAL_PRIMARY);
  } finally {
    await restoreThroughApi(page);
  }
});

test('an admin changing the demo brand’s contact e-mail confirms the password first', async ({
  page,
}) => {
  await signInThroughApi(page, E2E_ADMIN);
  try {
    await page.goto('/admin/brands');
    await page.getByRole('button', { name: 'Edit SkyHop' }).click();
    const form = page.getByRole('form', { name: 'Edit SkyHop' });
    await form.getByLabel('Email', { exact: true }).fill(NEW_EMAIL);
    await form.getByRole('button', { name: 'Save changes' }).click();

    // The Reply-To of all the brand's mail: the server wants the password again.
    const dialog = page.getByRole('alertdialog', { name: 'Confirm your password to save' });
    const password = dialog.getByLabel('Admin password');
    await password.fill('Not-The-Password-1!');
    await dialog.getByRole('button', { name: 'Confirm and save' }).click();
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByText('Incorrect password')).toBeVisible();

    await password.fill(E2E_ADMIN.password);
    await dialog.getByRole('button', { name: 'Confirm and save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Brand saved', { exact: true })).toBeVisible();
    await expect(form.getByText('All changes saved')).toBeVisible();
    const brand = await page.request.get(`/api/brands/${DEMO_DOMAIN}`);
    expect(((await brand.json()) as { contact: { email: string } }).contact.email).toBe(NEW_EMAIL);
  } finally {
    await restoreThroughApi(page);
  }
});
