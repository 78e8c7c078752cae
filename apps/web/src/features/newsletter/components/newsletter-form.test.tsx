import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Toaster } from '../../../components/ui/toaster';
import { createQueryClient } from '../../../lib/query-client';
import { apiErrorResponse, jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { NewsletterForm } from './newsletter-form';

function renderForm() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <NewsletterForm />
      <Toaster />
    </QueryClientProvider>,
  );
}

function toastRegion() {
  return within(screen.getByRole('region', { name: /Notifications/ }));
}

describe('newsletter form', () => {
  it('checks the e-mail before sending anything', async () => {
    const requests = stubFetch({});
    const user = userEvent.setup();
    renderForm();

    const email = screen.getByRole('textbox', { name: 'Email Address' });
    await user.type(email, 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));

    await waitFor(() => {
      expect(email).toHaveAttribute('aria-invalid', 'true');
    });
    expect(email).toHaveAccessibleDescription('Please enter a valid email address');
    expect(requests).toEqual([]);
  });

  it('posts { email } and confirms with a toast', async () => {
    const requests = stubFetch({
      'POST /api/newsletter': () =>
        jsonResponse({ success: true, message: 'Thank you for subscribing!' }),
    });
    const user = userEvent.setup();
    renderForm();

    const email = screen.getByRole('textbox', { name: 'Email Address' });
    await user.type(email, ' ada@example.com ');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));

    expect(await toastRegion().findByText('Subscribed')).toBeInTheDocument();
    expect(toastRegion().getByText('Thank you for subscribing!')).toBeInTheDocument();
    expect(requests).toHaveLength(1);
    expect(requests[0]?.body).toEqual({ email: 'ada@example.com' });
    await waitFor(() => {
      expect(email).toHaveValue('');
    });
  });

  it("shows the API's message in a destructive toast when subscribing fails", async () => {
    stubFetch({
      'POST /api/newsletter': () =>
        apiErrorResponse(429, 'rate_limited', 'Too many requests. Please try again later.'),
    });
    const user = userEvent.setup();
    renderForm();

    await user.type(screen.getByRole('textbox', { name: 'Email Address' }), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));

    const message = await toastRegion().findByText('Too many requests. Please try again later.');
    expect(message.closest('li')).toHaveAttribute('data-type', 'error');
  });
});
