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
    { success: true, reference: 'ENQ-7KQ2M9XA', message: enquiryMessages.contactReceived },
    { status: 201 },
  );

function stubContact(contact: Handler = sent) {
  return stubFetch({
    'GET /api/auth/user': signedOut,
    'GET /api/site': siteHandler,
    'GET /api/brands/skyline': () => jsonResponse(buildBrand()),
    'POST /api/contact': contact,
  });
}

async function openContact() {
  const view = renderApp({ path: '/contact', brandKey: 'skyline' });
  // The page's code loads lazily; a busy machine takes a while.
  const form = within(
    await screen.findByRole('form', { name: 'Send us a message' }, { timeout: 5000 }),
  );
  return { ...view, form };
}

type Form = Awaited<ReturnType<typeof openContact>>['form'];

/** Types by pasting: one input event per field keeps the tests quick. */
async function fillIn(user: UserEvent, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

async function fillRequired(user: UserEvent, form: Form) {
  await fillIn(user, form.getByLabelText('First Name'), ' Grace ');
  await fillIn(user, form.getByLabelText('Last Name'), 'Hopper');
  await fillIn(user, form.getByLabelText('Email Address'), 'grace@example.com');
  await chooseReason(user, form, 'Cancellation or refund');
  await fillIn(user, form.getByLabelText('Message'), 'Please cancel my return flight.');
  await user.click(form.getByRole('checkbox', { name: /I agree to the Privacy Policy/ }));
}

async function chooseReason(user: UserEvent, form: Form, label: string) {
  await user.click(form.getByRole('combobox', { name: 'Reason for contacting us' }));
  await user.click(await screen.findByRole('option', { name: label }));
}

function send(user: UserEvent, form: Form) {
  return user.click(form.getByRole('button', { name: 'Send Message' }));
}

const contactPosts = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.method === 'POST' && request.path === '/api/contact');

describe('contact page', { timeout: 20_000 }, () => {
  it("shows the brand's e-mail, phone and address, four FAQ teasers and a link to the FAQ", async () => {
    stubContact();
    renderApp({ path: '/contact', brandKey: 'skyline' });

    const main = within(await screen.findByRole('main', {}, { timeout: 5000 }));
    expect(await main.findByRole('link', { name: 'help@skyline.example' })).toHaveAttribute(
      'href',
      'mailto:help@skyline.example',
    );
    expect(main.getByRole('link', { name: '+1 555 0100' })).toHaveAttribute(
      'href',
      'tel:+15550100',
    );
    expect(main.getByText('1 Runway Road')).toBeInTheDocument();
    expect(main.getByText(/Send the Skyline Air team a message/)).toBeInTheDocument();

    const teasers = within(main.getByRole('region', { name: 'Quick answers' }));
    expect(teasers.getAllByRole('heading', { level: 3 })).toHaveLength(4);
    expect(teasers.getByRole('button', { name: 'How long does a refund take?' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(teasers.getByRole('link', { name: 'View all FAQs' })).toHaveAttribute('href', '/faq');
  });

  it('opens a teaser to show its answer', async () => {
    stubContact();
    const user = userEvent.setup();
    renderApp({ path: '/contact' });

    const question = await screen.findByRole('button', { name: 'How long does a refund take?' });
    await user.click(question);

    expect(question).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/Refunds take 7-14 business days/)).toBeVisible();
  });

  it('shows the rules inline, consent included, and sends nothing', async () => {
    const requests = stubContact();
    const user = userEvent.setup();
    const { form } = await openContact();

    await fillIn(user, form.getByLabelText('Email Address'), 'not-an-email');
    await fillIn(user, form.getByLabelText('Booking Reference'), 'AB 12!');
    await send(user, form);

    await waitFor(() => {
      expect(form.getByLabelText('First Name')).toHaveAccessibleDescription(
        enquiryMessages.firstNameRequired,
      );
    });
    expect(form.getByLabelText('First Name')).toHaveAttribute('aria-invalid', 'true');
    expect(form.getByLabelText('Last Name')).toHaveAccessibleDescription(
      enquiryMessages.lastNameRequired,
    );
    expect(form.getByLabelText('Email Address')).toHaveAccessibleDescription(
      'Please enter a valid email address',
    );
    expect(
      form.getByRole('combobox', { name: 'Reason for contacting us' }),
    ).toHaveAccessibleDescription(enquiryMessages.reasonRequired);
    expect(form.getByLabelText('Booking Reference')).toHaveAccessibleDescription(
      expect.stringContaining(enquiryMessages.bookingReferenceInvalid) as string,
    );
    expect(form.getByLabelText('Message')).toHaveAccessibleDescription(
      expect.stringContaining(enquiryMessages.messageRequired) as string,
    );
    expect(
      form.getByRole('checkbox', { name: /I agree to the Privacy Policy/ }),
    ).toHaveAccessibleDescription(enquiryMessages.consentRequired);
    expect(contactPosts(requests)).toEqual([]);
  });

  it('needs the privacy consent even when everything else is filled in', async () => {
    const requests = stubContact();
    const user = userEvent.setup();
    const { form } = await openContact();

    await fillRequired(user, form);
    // Untick the consent again.
    const consent = form.getByRole('checkbox', { name: /I agree to the Privacy Policy/ });
    await user.click(consent);
    await send(user, form);

    await waitFor(() => {
      expect(consent).toHaveAccessibleDescription(enquiryMessages.consentRequired);
    });
    expect(consent).toHaveAttribute('aria-invalid', 'true');
    expect(contactPosts(requests)).toEqual([]);
    expect(form.getByRole('link', { name: /Privacy Policy/ })).toHaveAttribute(
      'href',
      '/privacy-policy',
    );
  });

  it('asks for a phone number when the traveller wants to be called', async () => {
    const requests = stubContact();
    const user = userEvent.setup();
    const { form } = await openContact();

    await fillRequired(user, form);
    await user.click(form.getByRole('radio', { name: 'Phone' }));
    await send(user, form);

    await waitFor(() => {
      expect(form.getByLabelText('Phone (optional)')).toHaveAccessibleDescription(
        'Please enter a phone number so we can call you',
      );
    });
    expect(contactPosts(requests)).toEqual([]);
  });

  it('sends the cleaned-up message, thanks the traveller and empties the form', async () => {
    const requests = stubContact();
    const user = userEvent.setup();
    const { form } = await openContact();

    await fillRequired(user, form);
    await fillIn(user, form.getByLabelText('Phone (optional)'), '+44 20 7946 0958');
    await fillIn(user, form.getByLabelText('Booking Reference'), ' xy12zq ');
    await user.click(form.getByRole('radio', { name: 'Phone' }));
    await send(user, form);

    const thanks = await form.findByText(enquiryMessages.contactReceived);
    expect(thanks).toBeVisible();
    // The thank-you takes the focus, so it is read out and in view.
    expect(thanks.closest('[data-slot="alert"]')).toHaveFocus();
    expect(form.getByText('Your reference: ENQ-7KQ2M9XA')).toBeInTheDocument();
    expect(contactPosts(requests)).toHaveLength(1);
    expect(contactPosts(requests)[0]?.body).toEqual({
      kind: 'contact',
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@example.com',
      phone: '+44 20 7946 0958',
      reason: 'cancellation',
      bookingReference: 'XY12ZQ',
      message: 'Please cancel my return flight.',
      preferredContact: 'phone',
      consent: true,
    });

    await waitFor(() => {
      expect(form.getByLabelText('First Name')).toHaveValue('');
    });
    expect(form.getByLabelText('Message')).toHaveValue('');
    expect(form.getByRole('checkbox', { name: /I agree to the Privacy Policy/ })).not.toBeChecked();
    expect(form.getByRole('combobox', { name: 'Reason for contacting us' })).toHaveTextContent(
      'Select a reason',
    );
    expect(form.getByRole('radio', { name: 'Email' })).toBeChecked();
  });

  it('leaves out the optional fields the traveller left empty and defaults to e-mail', async () => {
    const requests = stubContact();
    const user = userEvent.setup();
    const { form } = await openContact();

    await fillRequired(user, form);
    await send(user, form);

    await form.findByText(enquiryMessages.contactReceived);
    expect(contactPosts(requests)[0]?.body).toEqual({
      kind: 'contact',
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@example.com',
      reason: 'cancellation',
      message: 'Please cancel my return flight.',
      preferredContact: 'email',
      consent: true,
    });
  });

  it("puts the server's field messages on the fields", async () => {
    stubContact(() =>
      jsonResponse(
        {
          error: {
            code: 'validation_failed',
            message: 'Please enter a valid email address',
            fields: {
              email: 'Please enter a valid email address',
              message: enquiryMessages.messageTooLong,
            },
          },
        },
        { status: 400 },
      ),
    );
    const user = userEvent.setup();
    const { form } = await openContact();

    await fillRequired(user, form);
    await send(user, form);

    await waitFor(() => {
      expect(form.getByLabelText('Email Address')).toHaveAccessibleDescription(
        'Please enter a valid email address',
      );
    });
    expect(form.getByLabelText('Message')).toHaveAccessibleDescription(
      expect.stringContaining(enquiryMessages.messageTooLong) as string,
    );
    expect(form.getByLabelText('Email Address')).toHaveFocus();
    expect(form.queryByRole('alert')).not.toBeInTheDocument();
    // What the traveller typed stays.
    expect(form.getByLabelText('First Name')).toHaveValue(' Grace ');
  });

  it("shows the server's message when there were too many messages", async () => {
    stubContact(() => apiErrorResponse(429, 'rate_limited', enquiryMessages.tooManyRequests));
    const user = userEvent.setup();
    const { form } = await openContact();

    await fillRequired(user, form);
    await send(user, form);

    expect(await form.findByRole('alert')).toHaveTextContent(enquiryMessages.tooManyRequests);
    expect(form.queryByText(enquiryMessages.contactReceived)).not.toBeInTheDocument();
    expect(form.getByLabelText('First Name')).toHaveValue(' Grace ');
  });

  it("offers the brand's e-mail address when the server fails", async () => {
    stubContact(() =>
      apiErrorResponse(500, 'internal_error', 'Internal Server Error', 'Internal Server Error'),
    );
    const user = userEvent.setup();
    const { form } = await openContact();

    await fillRequired(user, form);
    await send(user, form);

    expect(await form.findByRole('alert')).toHaveTextContent(
      'Please try again in a moment, or email us at help@skyline.example.',
    );
  });
});
