import { expect, test } from '@playwright/test';
import { uniqueName } from '../fixtures';
import { VIEWPORTS, expectNoSeriousViolations, watchConsole } from '../support/a11y';
import { claimGuestAccount, fillPassengers, openCheckout, pay } from '../support/checkout';
import { mailMatching } from '../support/mailbox';

const money = (text: string) => Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100);

for (const [name, device] of Object.entries(VIEWPORTS)) {
  test.describe(`extra bags on ${name}`, () => {
    test.use(device);
    test.setTimeout(120_000);

    test('a guest adds checked bags beside the seats and books them: total, e-mail and My Trips', async ({
      page,
    }) => {
      const errors = watchConsole(page);
      const email = `${uniqueName('bags')}@example.com`;
      await openCheckout(page);
      await fillPassengers(page, email);

      const bags = page.getByRole('region', { name: 'Extra Checked Bags' });
      await expect(bags).toBeVisible();
      const summary = page.getByRole('region', { name: 'Order Summary' }).last();
      const totalBefore = money((await page.getByTestId('order-total').last().textContent()) ?? '');

      // Two bags for Ada on the way out, one for Charles on the way back.
      const outbound = bags.getByRole('group', { name: /^Extra bags for Ada Lovelace, Outbound/ });
      const add = outbound.getByRole('button', { name: /^Add a bag/ });
      await add.click();
      await add.click();
      await expect(outbound.locator('output')).toHaveText('2');
      await expect(add).toBeDisabled();
      const back = bags.getByRole('group', { name: /^Extra bags for Charles Babbage, Return/ });
      await back.getByRole('button', { name: /^Add a bag/ }).click();
      await expectNoSeriousViolations(page, `bag choice (${name})`);

      await page.getByRole('button', { name: 'Skip Seat Selection' }).click();
      await expect(page.getByRole('heading', { name: 'Payment Details' })).toBeVisible();
      await expect(summary.getByText('Extra bags', { exact: true })).toBeVisible();
      await expect(summary.getByText('2 extra bags')).toBeVisible();
      await expect(summary.getByText('1 extra bag', { exact: true })).toBeVisible();
      const totalWithBags = money(
        (await page.getByTestId('order-total').last().textContent()) ?? '',
      );
      expect(totalWithBags).toBeGreaterThan(totalBefore);

      await pay(page, '4242424242424242');
      await expect(page.getByRole('heading', { name: 'Booking Confirmed!' })).toBeVisible({
        timeout: 20_000,
      });
      const paid = page.getByText('Total Paid').locator('..');
      expect(money((await paid.textContent()) ?? '')).toBe(totalWithBags);
      await expect(page.getByText('2 extra bags')).toBeVisible();

      const mail = await mailMatching(email, /booking confirmed/);
      expect(mail.text).toContain('Ada Lovelace: 2 extra checked bags');
      expect(mail.text).toContain('Charles Babbage: 1 extra checked bag,');

      // The guest takes the account the e-mail offers: the trip lists the bags.
      await claimGuestAccount(page, email, 'Quiet-Harbour-Lights');
      await page.goto('/my-trips');
      await page.getByRole('article').first().getByRole('button', { name: 'View Details' }).click();
      const details = page.getByRole('dialog', { name: 'Booking Details' });
      await expect(details.getByRole('list', { name: 'Extra bags of Ada Lovelace' })).toContainText(
        '2 extra checked bags',
      );
      await expect(
        details.getByRole('list', { name: 'Extra bags of Charles Babbage' }),
      ).toContainText('1 extra checked bag');
      expect(errors).toEqual([]);
    });
  });
}
