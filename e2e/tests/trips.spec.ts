import { expect, test } from '@playwright/test';
import { uniqueName } from '../fixtures';
import { bookTrip, registerAndSignIn } from '../support/a11y';
import { toasts } from '../support/checkout';

// Trips are booked through the API (search, authorise the card, book), as checkout would, by a
// traveller signed in in the context whose pages then look at them.

test.describe('my trips', () => {
  test('a booked trip is under Upcoming, is cancelled after seeing the refund, then is under Cancelled', async ({
    page,
  }) => {
    const { username } = await registerAndSignIn(page.request);
    const { bookingReference } = await bookTrip(page.request, `${username}@example.com`);

    await page.goto('/my-trips');
    await expect(page.getByRole('heading', { level: 1, name: 'My Trips' })).toBeVisible();
    await expect(page.getByRole('tab', { name: /^Upcoming/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('tab', { name: /^Upcoming/ })).toHaveText(/1/);
    const card = page
      .getByRole('tabpanel')
      .getByRole('article')
      .filter({ hasText: bookingReference });
    await expect(card.getByRole('heading', { name: 'London to New York' })).toBeVisible();
    await expect(card.getByText('Confirmed')).toBeVisible();

    await card.getByRole('button', { name: 'Cancel' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Cancel this booking?' });
    await expect(confirm.getByText('Refund amount')).toBeVisible();
    const refund = confirm.getByTestId('refund-amount');
    await expect(refund).toHaveText(/^\$[\d,]+\.\d{2}$/);
    const refundText = (await refund.textContent()) ?? '';
    expect(refundText).not.toBe('$0.00');
    await expect(
      confirm.getByText('The airline takes 7 to 30 business days to process it.'),
    ).toBeVisible();
    await confirm.getByRole('button', { name: 'Yes, Cancel Booking' }).click();

    await expect(toasts(page).getByText('Booking cancelled')).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('tab', { name: /^Upcoming/ })).toHaveText(/0/);

    await page.getByRole('tab', { name: /^Cancelled/ }).click();
    await expect(page).toHaveURL(/tab=cancelled/);
    const cancelled = page
      .getByRole('tabpanel')
      .getByRole('article')
      .filter({ hasText: bookingReference });
    await expect(cancelled.getByText('Cancelled', { exact: true })).toBeVisible();
    await expect(cancelled.getByText(refundText, { exact: true })).toBeVisible();
    await expect(cancelled.getByRole('button', { name: 'Cancel' })).toHaveCount(0);

    await cancelled.getByRole('button', { name: 'View Details' }).click();
    const details = page.getByRole('dialog', { name: 'Booking Details' });
    await expect(details.getByText(/^Cancelled on /)).toBeVisible();
    await expect(details.getByText(refundText, { exact: true })).toBeVisible();
    await expect(details.getByRole('button', { name: 'Cancel Booking' })).toHaveCount(0);
  });

  test('a guest finds a booking by reference and e-mail, read-only', async ({
    browser,
    request,
  }) => {
    const email = `${uniqueName('guest')}@example.com`;
    // Booked in another context: the page below is a stranger with only the reference.
    const { bookingReference } = await bookTrip(request, email);

    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto('/manage-booking');
      const box = page.getByRole('region', { name: 'Retrieve a booking' });
      await box.getByLabel('Booking Reference').fill(bookingReference.toLowerCase());
      await box.getByLabel('Email Address').fill(email.toUpperCase());
      await box.getByRole('button', { name: 'Find Booking' }).click();

      const result = page.getByRole('region', { name: 'London to New York' });
      await expect(result.getByText(bookingReference, { exact: true })).toBeVisible();
      await expect(result.getByText('Confirmed')).toBeVisible();
      await expect(result.getByRole('article', { name: 'Outbound flight' })).toBeVisible();
      await expect(result.getByRole('article', { name: 'Return flight' })).toBeVisible();
      await expect(result.getByText('Ada Lovelace')).toBeVisible();
      await expect(result.getByText('Want to make changes?')).toBeVisible();
      await expect(result.getByRole('button', { name: /Cancel/ })).toHaveCount(0);

      await box.getByLabel('Email Address').fill('someone-else@example.com');
      await box.getByRole('button', { name: 'Find Booking' }).click();
      await expect(box.getByRole('alert')).toHaveText(
        'We could not find a booking with that reference and e-mail address.',
      );
    } finally {
      await context.close();
    }
  });
});
