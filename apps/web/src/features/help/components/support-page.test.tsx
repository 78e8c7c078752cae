import { enquiryMessages } from '@contrail/contracts/enquiries';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildBrand } from '../../../test/brands';
import {
  apiErrorResponse,
  jsonResponse,
  signedOut,
  siteHandler,
  stubFetch,
  type RecordedRequest,
} from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

const sent = () =>
  jsonResponse(
    { success: true, reference: 'ENQ-4HN8TQ2W', message: enquiryMessages.contactReceived },
    { status: 201 },
  );

function stubSupport(contact: Handler = sent) {
  return stubFetch({
    'GET /api/auth/user': signedOut,
    'GET /api/site': siteHandler,
    'GET /api/brands/skyline': () => jsonResponse(buildBrand()),
    'POST /api/contact': contact,
  });
}

async function openSupport(path = '/support', brandKey?: string) {
  const view = renderApp({ path, ...(brandKey ? { brandKey } : {}) });
  const main = within(await screen.findByRole('main', {}, { timeout: 5000 }));
  // The page's code loads lazily; a busy machine takes a while.
  await main.findByRole('heading', { level: 1, name: 'Support' }, { timeout: 5000 });
  return { ...view, main };
}

type Main = Awaited<ReturnType<typeof openSupport>>['main'];

const searchBox = (main: Main) =>
  main.getByRole('searchbox', { name: 'Search help topics and questions' });

function topicLinks(main: Main) {
  const topics = main.queryByRole('region', { name: 'Popular help topics' });
  return topics ? within(topics).getAllByRole('link') : [];
}

function questions(main: Main) {
  const region = main.queryByRole('region', { name: 'Frequently asked questions' });
  return region
    ? within(region)
        .getAllByRole('button')
        .map((button) => button.textContent)
    : [];
}

async function openContactUs(user: UserEvent, main: Main) {
  await user.click(main.getByRole('tab', { name: 'Contact Us' }));
  return within(main.getByRole('form', { name: 'Contact Us' }));
}

async function fillIn(user: UserEvent, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

describe('support page', { timeout: 20_000 }, () => {
  it('has the Help Center, Contact Us and My Bookings tabs, Help Center first', async () => {
    stubSupport();
    const user = userEvent.setup();
    const { main, router } = await openSupport();

    expect(main.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Help Center',
      'Contact Us',
      'My Bookings',
    ]);
    expect(main.getByRole('tab', { name: 'Help Center' })).toHaveAttribute('aria-selected', 'true');

    await user.click(main.getByRole('tab', { name: 'My Bookings' }));
    const bookings = within(main.getByRole('region', { name: 'My Bookings' }));
    expect(bookings.getByRole('link', { name: 'View My Trips' })).toHaveAttribute(
      'href',
      '/my-trips',
    );
    expect(bookings.getByRole('region', { name: 'Retrieve a booking' })).toBeInTheDocument();
    await waitFor(() => {
      expect(router.state.location.hash).toBe('my-bookings');
    });
  });

  it('opens the tab named by the address', async () => {
    stubSupport();
    const { main } = await openSupport('/support#contact-us');

    expect(main.getByRole('tab', { name: 'Contact Us' })).toHaveAttribute('aria-selected', 'true');
    expect(main.getByRole('form', { name: 'Contact Us' })).toBeInTheDocument();
  });

  it('links every popular topic to a real page or FAQ category', async () => {
    stubSupport();
    const { main } = await openSupport();

    const hrefs = topicLinks(main).map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual([
      '/faq#booking',
      '/faq#payment',
      '/faq#cancellations',
      '/faq#changes',
      '/faq#travel',
      '/faq#account',
      '/manage-booking',
      '/my-trips',
      '/cancellation-policy',
      '/contact',
    ]);
    expect(questions(main)).toHaveLength(6);
    expect(main.getByRole('link', { name: 'Browse all questions' })).toHaveAttribute(
      'href',
      '/faq',
    );
  });

  it('filters topics and questions as the traveller types, ignoring case', async () => {
    stubSupport();
    const user = userEvent.setup();
    const { main } = await openSupport();

    await user.type(searchBox(main), 'PASSPORT');

    expect(topicLinks(main).map((link) => link.getAttribute('href'))).toEqual(['/faq#travel']);
    expect(questions(main)).toEqual([
      // Categories in the FAQ's order: Changes, then Travel.
      'Can I correct a name on my booking?',
      'What travel documents do I need?',
    ]);
    expect(main.getByRole('status')).toHaveTextContent('1 topic and 2 questions match "PASSPORT"');

    // An answer-only match ("temporary password" is in answers only).
    await user.clear(searchBox(main));
    await user.type(searchBox(main), 'temporary');
    expect(topicLinks(main)).toEqual([]);
    expect(questions(main)).toEqual([
      'Do I need an account to book?',
      'I booked as a guest. How do I see my booking?',
    ]);
  });

  it('says when nothing matches and offers to write to the team', async () => {
    stubSupport();
    const user = userEvent.setup();
    const { main } = await openSupport();

    await user.type(searchBox(main), 'submarine');

    expect(
      main.getByRole('heading', {
        level: 2,
        name: 'No help topics or questions match "submarine"',
      }),
    ).toBeInTheDocument();
    expect(topicLinks(main)).toEqual([]);
    expect(questions(main)).toEqual([]);

    await user.click(main.getByRole('button', { name: 'Clear search' }));
    expect(searchBox(main)).toHaveValue('');
    expect(topicLinks(main)).toHaveLength(10);

    await user.type(searchBox(main), 'submarine');
    await user.click(main.getByRole('button', { name: 'Send us a message' }));
    expect(main.getByRole('tab', { name: 'Contact Us' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows the matches when the traveller searches from another tab', async () => {
    stubSupport();
    const user = userEvent.setup();
    const { main } = await openSupport('/support#my-bookings');

    await user.type(searchBox(main), 'baggage');

    expect(main.getByRole('tab', { name: 'Help Center' })).toHaveAttribute('aria-selected', 'true');
    expect(questions(main)).toEqual(['How much baggage can I take?']);
    expect(searchBox(main)).toHaveFocus();
  });

  it("uses the brand's name, phone and e-mail", async () => {
    stubSupport();
    const user = userEvent.setup();
    const { main } = await openSupport('/support', 'skyline');

    expect(await main.findByText(/Search the Skyline Air help centre/)).toBeInTheDocument();
    await openContactUs(user, main);
    expect(main.getByRole('link', { name: '+1 555 0100' })).toHaveAttribute(
      'href',
      'tel:+15550100',
    );
    expect(main.getByRole('link', { name: 'help@skyline.example' })).toHaveAttribute(
      'href',
      'mailto:help@skyline.example',
    );
  });

  describe('Contact Us form', () => {
    it('shows the rules inline and sends nothing', async () => {
      const requests = stubSupport();
      const user = userEvent.setup();
      const { main } = await openSupport();
      const form = await openContactUs(user, main);

      await fillIn(user, form.getByLabelText('Email Address'), 'grace@');
      await user.click(form.getByRole('button', { name: 'Send Message' }));

      await waitFor(() => {
        expect(form.getByLabelText('Full Name')).toHaveAccessibleDescription(
          enquiryMessages.fullNameRequired,
        );
      });
      expect(form.getByLabelText('Email Address')).toHaveAccessibleDescription(
        'Please enter a valid email address',
      );
      expect(form.getByLabelText('Subject')).toHaveAccessibleDescription(
        enquiryMessages.subjectRequired,
      );
      expect(form.getByLabelText('Message')).toHaveAccessibleDescription(
        expect.stringContaining(enquiryMessages.messageRequired) as string,
      );
      expect(form.getByLabelText('Full Name')).toHaveFocus();
      expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
    });

    it('sends the support message and thanks the traveller', async () => {
      const requests = stubSupport();
      const user = userEvent.setup();
      const { main } = await openSupport();
      const form = await openContactUs(user, main);

      await fillIn(user, form.getByLabelText('Full Name'), 'Grace Hopper');
      await fillIn(user, form.getByLabelText('Email Address'), ' grace@example.com ');
      await fillIn(user, form.getByLabelText('Booking Reference'), 'abc123');
      await fillIn(user, form.getByLabelText('Subject'), 'Seat question');
      await fillIn(user, form.getByLabelText('Message'), 'Can I change my seat after booking?');
      await user.click(form.getByRole('button', { name: 'Send Message' }));

      expect(await form.findByText(enquiryMessages.contactReceived)).toBeVisible();
      expect(form.getByText('Your reference: ENQ-4HN8TQ2W')).toBeInTheDocument();
      const posts = requests.filter((r) => r.method === 'POST' && r.path === '/api/contact');
      expect(posts.map((r) => r.body)).toEqual([
        {
          kind: 'support',
          fullName: 'Grace Hopper',
          email: 'grace@example.com',
          bookingReference: 'ABC123',
          subject: 'Seat question',
          message: 'Can I change my seat after booking?',
        },
      ]);
      await waitFor(() => {
        expect(form.getByLabelText('Full Name')).toHaveValue('');
      });
      expect(form.getByLabelText('Subject')).toHaveValue('');
    });

    it("puts the server's field messages on the fields", async () => {
      stubSupport(() =>
        jsonResponse(
          {
            error: {
              code: 'validation_failed',
              message: enquiryMessages.subjectRequired,
              fields: { subject: enquiryMessages.subjectRequired },
            },
          },
          { status: 400 },
        ),
      );
      const user = userEvent.setup();
      const { main } = await openSupport();
      const form = await openContactUs(user, main);

      await fillIn(user, form.getByLabelText('Full Name'), 'Grace Hopper');
      await fillIn(user, form.getByLabelText('Email Address'), 'grace@example.com');
      await fillIn(user, form.getByLabelText('Subject'), 'Seats');
      await fillIn(user, form.getByLabelText('Message'), 'A question about seats.');
      await user.click(form.getByRole('button', { name: 'Send Message' }));

      await waitFor(() => {
        expect(form.getByLabelText('Subject')).toHaveAccessibleDescription(
          enquiryMessages.subjectRequired,
        );
      });
      expect(form.getByLabelText('Subject')).toHaveAttribute('aria-invalid', 'true');
    });

    it("shows the server's message when there were too many messages", async () => {
      stubSupport(() => apiErrorResponse(429, 'rate_limited', enquiryMessages.tooManyRequests));
      const user = userEvent.setup();
      const { main } = await openSupport();
      const form = await openContactUs(user, main);

      await fillIn(user, form.getByLabelText('Full Name'), 'Grace Hopper');
      await fillIn(user, form.getByLabelText('Email Address'), 'grace@example.com');
      await fillIn(user, form.getByLabelText('Subject'), 'Seats');
      await fillIn(user, form.getByLabelText('Message'), 'A question about seats.');
      await user.click(form.getByRole('button', { name: 'Send Message' }));

      expect(await form.findByRole('alert')).toHaveTextContent(enquiryMessages.tooManyRequests);
      expect(form.getByLabelText('Full Name')).toHaveValue('Grace Hopper');
    });
  });
});
