import { expect, test } from '@playwright/test';

// The support, FAQ and contact pages against the real API. The server allows 5 messages per
// 10 minutes from one address: this file sends two.

const THANKS = "Thank you for your message. We'll respond within 24 hours.";

test.describe('help pages', () => {
  test('the support search filters topics and questions as you type', async ({ page }) => {
    await page.goto('/support');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();

    await main
      .getByRole('searchbox', { name: 'Search help topics and questions' })
      .fill('PASSPORT');

    await expect(main.getByRole('status')).toHaveText('1 topic and 2 questions match "PASSPORT"');
    const topics = main.getByRole('region', { name: 'Popular help topics' }).getByRole('link');
    await expect(topics).toHaveCount(1);
    await expect(
      main.getByRole('button', { name: 'What travel documents do I need?' }),
    ).toBeVisible();

    // The topic opens the FAQ on its category.
    await topics.first().click();
    await expect(page).toHaveURL(/\/faq#travel$/);
    await expect(page.getByRole('tab', { name: 'Travel' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  test('the FAQ searches on Enter and opens answers from the keyboard', async ({ page }) => {
    await page.goto('/faq');
    const main = page.getByRole('main');
    const search = main.getByRole('searchbox', { name: 'Search the FAQ' });

    await search.fill('refund');
    await search.press('Enter');

    const results = main.getByRole('region', { name: /results for "refund"/ });
    await expect(results).toBeVisible();
    await expect(results.getByRole('heading', { level: 3 })).toHaveText([
      'Cancellations',
      'Changes',
    ]);
    const question = results.getByRole('button', { name: 'How long does a refund take?' });
    await question.focus();
    await page.keyboard.press('Enter');
    await expect(question).toHaveAttribute('aria-expanded', 'true');
    await expect(results.getByText(/Refunds take 7-14 business days/)).toBeVisible();

    await main.getByRole('button', { name: 'Show all questions' }).click();
    await expect(main.getByRole('tablist', { name: 'FAQ categories' })).toBeVisible();
    await expect(search).toBeFocused();
  });

  test('the contact form sends a message to the API, in the brand of the page', async ({
    page,
  }) => {
    await page.goto('/contact?brand=skyhop.localhost');
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'hello@skyhop.example' })).toBeVisible();
    await expect(main.getByRole('link', { name: '+44 20 4577 0288' })).toHaveAttribute(
      'href',
      'tel:+442045770288',
    );

    const form = main.getByRole('form', { name: 'Send us a message' });
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByLabel('First Name')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByText('Please agree to the privacy policy')).toBeVisible();

    await form.getByLabel('First Name').fill('Grace');
    await form.getByLabel('Last Name').fill('Hopper');
    await form.getByLabel('Email Address').fill('grace@example.com');
    await form.getByRole('combobox', { name: 'Reason for contacting us' }).click();
    await page.getByRole('option', { name: 'Billing question' }).click();
    await form.getByLabel('Booking Reference').fill('abc123');
    await form.getByLabel('Message', { exact: true }).fill('Was I charged twice for my booking?');
    await form.getByRole('checkbox', { name: /I agree to the Privacy Policy/ }).check();

    const sent = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/contact') && response.request().method() === 'POST',
    );
    await form.getByRole('button', { name: 'Send Message' }).click();
    const response = await sent;
    expect(response.status()).toBe(201);
    expect(response.request().postDataJSON()).toMatchObject({
      kind: 'contact',
      reason: 'billing',
      bookingReference: 'ABC123',
      preferredContact: 'email',
      consent: true,
    });

    await expect(form.getByText(THANKS)).toBeVisible();
    await expect(form.getByText(/^Your reference: ENQ-[A-Z2-9]{8}$/)).toBeVisible();
    await expect(form.getByLabel('First Name')).toHaveValue('');
  });

  test("Support's Contact Us form sends a support message", async ({ page }) => {
    await page.goto('/support#contact-us');
    const form = page.getByRole('form', { name: 'Contact Us' });

    await form.getByLabel('Full Name').fill('Ada Lovelace');
    await form.getByLabel('Email Address').fill('ada@example.com');
    await form.getByLabel('Subject').fill('Seat question');
    await form.getByLabel('Message', { exact: true }).fill('Can I change my seat after booking?');
    await form.getByRole('button', { name: 'Send Message' }).click();

    await expect(form.getByText(THANKS)).toBeVisible();
    await expect(form.getByLabel('Subject')).toHaveValue('');
  });
});
