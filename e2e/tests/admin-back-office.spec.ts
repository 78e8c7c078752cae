import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
} from '@playwright/test';
import { BASE_URL } from '../playwright.config';
import { E2E_ADMIN, signInThroughApi, uniqueName } from '../fixtures';
import { bookTrip, registerAndSignIn } from '../support/a11y';
import { mailTo, nextMailTo } from '../support/mailbox';

const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };
const SKYHOP = 'skyhop.localhost';

/** A request context of its own (a traveller's browser), on `brand` when given. */
function traveller(brand?: string): Promise<APIRequestContext> {
  return playwrightRequest.newContext({
    baseURL: BASE_URL,
    extraHTTPHeaders: { ...SAME_ORIGIN, ...(brand ? { 'x-brand': brand } : {}) },
  });
}

/**
 * A traveller signs up, signs in and books a refundable trip; answers the booking, its address
 * (which has had two e-mails: the account's confirmation link, then the booking's) and the
 * traveller's signed-in context.
 */
async function guestBooking(brand?: string) {
  const api = await traveller(brand);
  const { username } = await registerAndSignIn(api);
  const email = `${username}@example.com`;
  const booked = await bookTrip(api, email);
  return { ...booked, email, api };
}

test.describe('back office', () => {
  // Each books a trip through the checkout's API first, as the checkout journeys do.
  test.describe.configure({ timeout: 90_000 });

  test('finds a booking by its reference and resends the confirmation e-mail', async ({ page }) => {
    const { id, bookingReference, email } = await guestBooking();
    // The account's confirmation link and the confirmation the traveller got when booking.
    await nextMailTo(email, 1);
    const before = (await mailTo(email)).length;

    await signInThroughApi(page, E2E_ADMIN);
    await page.goto('/admin/bookings');
    await expect(page.getByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible();
    await page.getByLabel('Search bookings').fill(bookingReference.toLowerCase());
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`q=${bookingReference.toLowerCase()}`));
    const rows = page.getByRole('table', { name: 'Bookings' }).getByRole('row');
    await expect(rows).toHaveCount(2); // the header and the one booking
    await page
      .getByRole('link', { name: `Booking ${bookingReference}` })
      .first()
      .click();

    await expect(page).toHaveURL(new RegExp(`/admin/bookings/${id}`));
    await expect(
      page.getByRole('heading', { level: 1, name: `Booking ${bookingReference}` }),
    ).toBeVisible();
    await expect(page.getByText(email).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Timeline' })).toBeVisible();

    await page.getByRole('button', { name: 'Resend confirmation' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Resend the confirmation e-mail?' });
    await dialog.getByRole('button', { name: 'Resend e-mail' }).click();
    await expect(page.getByText('Confirmation e-mail queued', { exact: true })).toBeVisible();

    const resent = await nextMailTo(email, before);
    expect(resent.subject).toContain(bookingReference);
    // The booking's e-mails list both, and the audit log names who resent it.
    await page.reload();
    await expect(page.getByText('Booking confirmation', { exact: true })).toHaveCount(2);
    await page.goto('/admin/audit');
    await expect(page.getByText('Confirmation e-mail resent').first()).toBeVisible();
    await expect(page.getByText(`By ${E2E_ADMIN.username}`).first()).toBeVisible();
  });

  test('cancels a booking with the refund the traveller would be quoted', async ({ page }) => {
    const { id, bookingReference, api } = await guestBooking();
    // What the traveller would be told (the guest's own session).
    const quote = await api.get(`/api/bookings/${id}/cancellation`);
    expect(quote.status(), await quote.text()).toBe(200);
    const { refund } = (await quote.json()) as { refund: { amount: string; currency: string } };
    const refundText = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: refund.currency,
    }).format(Number(refund.amount));

    await signInThroughApi(page, E2E_ADMIN);
    await page.goto(`/admin/bookings/${id}`);
    await expect(
      page.getByRole('heading', { level: 1, name: `Booking ${bookingReference}` }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Cancel with refund' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Cancel this booking with a refund?' });
    await expect(dialog.getByText(`Refund to the traveller: ${refundText}`)).toBeVisible();
    // The password again: money goes back.
    await dialog.getByRole('button', { name: 'Cancel booking' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Password is required');
    await dialog.getByLabel('Your password').fill(E2E_ADMIN.password);
    await dialog.getByRole('button', { name: 'Cancel booking' }).click();

    await expect(page.getByText('Booking cancelled', { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Cancelled', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel with refund' })).toHaveCount(0);
    await expect(page.getByText('Refunded', { exact: true }).first()).toBeVisible();
    await expect(page.getByText(refundText).first()).toBeVisible();
    // The traveller sees it cancelled with that refund too.
    const trip = (await (await api.get(`/api/bookings/${id}`)).json()) as {
      status: string;
      cancellation: { refund: { amount: string } } | null;
    };
    expect(trip.status).toBe('cancelled');
    expect(trip.cancellation?.refund.amount).toBe(refund.amount);
  });

  test("a brand's staff see their brand only", async ({ page }) => {
    // A SkyHop account, made staff of SkyHop by the platform admin (password confirmed).
    const username = uniqueName('staff');
    const password = 'Staff-Password-1!';
    const skyhopApi = await traveller(SKYHOP);
    const registered = await skyhopApi.post('/api/auth/register', {
      data: {
        username,
        email: `${username}@example.com`,
        firstName: 'Sam',
        lastName: 'Staff',
        password,
      },
    });
    expect(registered.status(), await registered.text()).toBe(201);
    const admin = await traveller();
    expect((await admin.post('/api/auth/login', { data: E2E_ADMIN })).status()).toBe(200);
    expect(
      (await admin.post('/api/admin/login', { data: { password: E2E_ADMIN.password } })).status(),
    ).toBe(200);
    const brands = (await (await admin.get('/api/admin/brands')).json()) as {
      brands: { id: string; domain: string }[];
    };
    const skyhopId = brands.brands.find((b) => b.domain === SKYHOP)?.id;
    const granted = await admin.post('/api/admin/staff', { data: { username, brandId: skyhopId } });
    expect(granted.status(), await granted.text()).toBe(201);

    const own = await guestBooking(SKYHOP);
    const other = await guestBooking();

    await page.context().setExtraHTTPHeaders({ 'x-brand': SKYHOP });
    await signInThroughApi(page, { username, password });
    // The site's account menu leads staff to the back office.
    await page.goto(`/?brand=${SKYHOP}`);
    await page.getByRole('banner').getByRole('button', { name: 'Sam' }).click();
    await expect(page.getByRole('menuitem', { name: 'Admin Panel' })).toHaveCount(0);
    await page.getByRole('menuitem', { name: 'Back Office' }).click();
    await expect(page).toHaveURL(/\/admin(\?|$)/);
    await expect(page.getByText('Back office · SkyHop')).toBeVisible();

    await page.goto(`/admin/bookings?brand=${SKYHOP}&q=${own.bookingReference}`);
    await expect(page.getByText('Back office · SkyHop')).toBeVisible();
    await expect(
      page.getByRole('link', { name: `Booking ${own.bookingReference}` }).first(),
    ).toBeVisible();
    // No brand filter to choose another brand, and no platform sections.
    await expect(page.getByLabel('Brand')).toHaveCount(0);
    await expect(
      page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Staff' }),
    ).toHaveCount(0);

    await page.getByLabel('Search bookings').fill(other.bookingReference);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByText('No bookings match.')).toBeVisible();

    await page.goto(`/admin/bookings/${other.id}?brand=${SKYHOP}`);
    await expect(page.getByText('Booking not found').first()).toBeVisible();
    await expect(page.getByText(other.email)).toHaveCount(0);

    // The API says the same, whatever the page shows.
    const direct = await page.request.get(`/api/admin/bookings/${other.id}`);
    expect(direct.status()).toBe(404);

    await page.goto(`/admin/staff?brand=${SKYHOP}`);
    await expect(page.getByText('Access Denied', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toHaveCount(0);
  });

  test("a retrieve-booking request reaches the brand's inbox and is answered by e-mail", async ({
    page,
  }) => {
    const email = `${uniqueName('seeker')}@example.com`;
    const reference = `Q${Date.now().toString(36).toUpperCase()}`;
    const guest = await traveller();
    const lookup = await guest.get(
      `/api/bookings/lookup?reference=${reference}&email=${encodeURIComponent(email)}`,
    );
    expect(lookup.status()).toBe(404);

    await signInThroughApi(page, E2E_ADMIN);
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Platform' }).click();
    await page.getByRole('menuitem', { name: 'Back Office' }).click();
    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Inbox' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
    await page.getByLabel('Type').selectOption('lookup');
    await expect(page).toHaveURL(/kind=lookup/);
    const request = page.getByRole('article').filter({ hasText: email });
    await expect(request.getByRole('heading', { name: 'Find my booking' })).toBeVisible();
    await expect(request.getByText(`Searched for booking reference ${reference}`)).toBeVisible();
    await expect(request.getByText('no booking found.')).toBeVisible();
    await request.getByLabel(`Reply to ${email}`).fill('Your reference has a letter too many.');
    await request.getByRole('button', { name: 'Send reply' }).click();
    await expect(page.getByText('Reply sent', { exact: true })).toBeVisible();

    const reply = await nextMailTo(email);
    expect(reply.subject).toBe(`Re: your booking search ${reference}`);
    expect(reply.text).toContain('Your reference has a letter too many.');
    await page.getByLabel('Show').selectOption('answered');
    await expect(
      page.getByRole('article').filter({ hasText: email }).getByText('Answered', { exact: true }),
    ).toBeVisible();
  });
});
