import { passengerMessages } from '@contrail/contracts/passenger-messages';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiErrorResponse, jsonResponse } from '../../../test/fetch-stub';
import { buildOffer, buildVerification, daysFromNow } from '../test/checkout-factories';
import {
  BOOKING_PATH,
  completePassengers,
  fillPassenger,
  passengerCard,
  renderCheckout,
  stubCheckout,
  findToast,
  TRAVELLERS,
  travellerDrafts,
} from '../test/checkout-harness';

const continueButton = () => screen.getByRole('button', { name: 'Continue to Seat Selection' });

describe('checkout: passenger step', { timeout: 60_000 }, () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows one card per offer passenger, the passport warning and the progress bar', async () => {
    stubCheckout();
    renderCheckout();

    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Enter Passenger Details' },
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    const progress = screen.getByRole('navigation', { name: 'Booking progress' });
    expect(progress).toHaveTextContent('Passenger Details');
    expect(progress).toHaveTextContent('Seat Selection');
    expect(progress).toHaveTextContent('Payment');
    expect(progress).toHaveTextContent('Confirmation');
    expect(screen.getByRole('group', { name: 'Passenger 1: Adult (12+ years)' })).toBeVisible();
    expect(screen.getByRole('group', { name: 'Passenger 2: Adult (12+ years)' })).toBeVisible();
    expect(screen.getByText(/Passports must be valid for at least 6 months/)).toBeVisible();
    // Passports are required here: no way to skip them.
    expect(screen.queryByRole('button', { name: 'Skip Passport Info' })).not.toBeInTheDocument();
    // The offer was verified on load.
    expect(screen.getByRole('button', { name: 'Continue to Seat Selection' })).toBeEnabled();
  });

  it("shows every required field's message and the banner when the form fails", async () => {
    const requests = stubCheckout();
    const user = userEvent.setup();
    renderCheckout();
    await screen.findByRole('heading', { name: 'Enter Passenger Details' });

    await user.click(continueButton());

    expect(await screen.findByText(passengerMessages.completeAll)).toBeVisible();
    const first = passengerCard(0);
    expect(first.getByLabelText('First Name')).toHaveAccessibleDescription(
      passengerMessages.firstNameRequired,
    );
    expect(first.getByLabelText('Last Name')).toHaveAccessibleDescription(
      passengerMessages.lastNameRequired,
    );
    expect(first.getByLabelText('Date of Birth')).toHaveAccessibleDescription(
      passengerMessages.dateOfBirthRequired,
    );
    expect(first.getByLabelText('Email')).toHaveAccessibleDescription(
      expect.stringContaining(passengerMessages.primaryEmail),
    );
    expect(first.getByLabelText('Phone Number')).toHaveAccessibleDescription(
      passengerMessages.primaryPhone,
    );
    expect(first.getByLabelText('Passport Number')).toHaveAccessibleDescription(
      passengerMessages.passportMin,
    );
    expect(first.getByLabelText('Passport Expiry Date')).toHaveAccessibleDescription(
      passengerMessages.passportExpiryRequired,
    );
    expect(first.getByRole('combobox', { name: 'Issuing Country' })).toHaveAccessibleDescription(
      passengerMessages.countryLength,
    );
    // E-mail and phone are optional for the second passenger.
    const second = passengerCard(1);
    expect(second.getByLabelText(/^Email/)).not.toHaveAttribute('aria-invalid');
    expect(second.getByLabelText(/^Phone Number/)).not.toHaveAttribute('aria-invalid');
    expect(second.getByLabelText('First Name')).toHaveAttribute('aria-invalid', 'true');
    // Nothing moved on.
    expect(screen.getByRole('heading', { name: 'Enter Passenger Details' })).toBeVisible();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('checks each passport and date rule with the contract messages', async () => {
    stubCheckout();
    const user = userEvent.setup();
    renderCheckout();
    await screen.findByRole('heading', { name: 'Enter Passenger Details' });
    const first = passengerCard(0);
    const second = passengerCard(1);
    const number = first.getByLabelText('Passport Number');

    await user.type(number, 'ab 1');
    await user.type(first.getByLabelText('Date of Birth'), daysFromNow(2));
    await user.type(first.getByLabelText('Passport Expiry Date'), daysFromNow(-1));
    await user.type(first.getByLabelText('Email'), 'not-an-email');
    await user.type(second.getByLabelText(/^Email/), 'also-not-an-email');
    await user.click(continueButton());

    expect(await first.findByText(passengerMessages.passportMin)).toBeVisible();
    expect(first.getByLabelText('Date of Birth')).toHaveAccessibleDescription(
      passengerMessages.dateOfBirthFuture,
    );
    expect(first.getByLabelText('Passport Expiry Date')).toHaveAccessibleDescription(
      passengerMessages.passportExpired,
    );
    expect(first.getByLabelText('Email')).toHaveAccessibleDescription(
      expect.stringContaining(passengerMessages.primaryEmail),
    );
    expect(second.getByLabelText(/^Email/)).toHaveAccessibleDescription(
      passengerMessages.emailInvalid,
    );

    await user.clear(number);
    await user.type(number, 'A'.repeat(21));
    expect(await first.findByText(passengerMessages.passportMax)).toBeVisible();
    await user.clear(number);
    await user.type(number, 'AB-12345');
    expect(await first.findByText(passengerMessages.passportCharacters)).toBeVisible();
  });

  it('strips spaces from the passport number and upper-cases it', async () => {
    stubCheckout();
    const user = userEvent.setup();
    renderCheckout();
    await screen.findByRole('heading', { name: 'Enter Passenger Details' });

    const number = passengerCard(0).getByLabelText('Passport Number');
    await user.type(number, 'ab 12 cd 34');

    expect(number).toHaveValue('AB12CD34');
  });

  it("hints 'Passport has expired' and 'Less than 6 months validity' under the expiry date", async () => {
    stubCheckout();
    const user = userEvent.setup();
    renderCheckout();
    await screen.findByRole('heading', { name: 'Enter Passenger Details' });
    const expiry = passengerCard(0).getByLabelText('Passport Expiry Date');

    await user.type(expiry, daysFromNow(90));
    expect(expiry).toHaveAccessibleDescription(passengerMessages.passportHintSoon);

    await user.clear(expiry);
    await user.type(expiry, daysFromNow(-3));
    expect(expiry).toHaveAccessibleDescription(passengerMessages.passportHintExpired);

    await user.clear(expiry);
    await user.type(expiry, daysFromNow(400));
    expect(expiry).not.toHaveAccessibleDescription();
  });

  it('refuses a birth date that does not fit the passenger type on the travel date', async () => {
    stubCheckout();
    const user = userEvent.setup();
    renderCheckout();
    await screen.findByRole('heading', { name: 'Enter Passenger Details' });

    const [lead] = TRAVELLERS;
    if (!lead) throw new Error('no traveller');
    await fillPassenger(user, 0, { ...lead, dateOfBirth: daysFromNow(-365 * 5) });
    await user.click(continueButton());

    expect(
      await passengerCard(0).findByText('Adults must be 12 or older on the date of travel'),
    ).toBeVisible();
  });

  it('offers Skip Passport Info when the offer does not require passports', async () => {
    stubCheckout({ offer: buildOffer({ passenger_identity_documents_required: false }) });
    const user = userEvent.setup();
    renderCheckout();
    await screen.findByRole('heading', { name: 'Enter Passenger Details' });
    expect(screen.queryByText(/Passports must be valid/)).not.toBeInTheDocument();

    const first = passengerCard(0);
    await user.type(first.getByLabelText(/^Passport Number/), 'X1');
    await user.click(first.getByRole('button', { name: 'Skip Passport Info' }));

    expect(first.queryByLabelText(/^Passport Number/)).not.toBeInTheDocument();
    expect(first.getByText('Passport details skipped for this passenger.')).toBeVisible();
    // The second passenger can still give one; both go on without.
    for (const [index, traveller] of TRAVELLERS.entries()) {
      await fillPassenger(user, index, {
        ...(traveller.title ? { title: traveller.title } : {}),
        ...(traveller.gender ? { gender: traveller.gender } : {}),
        firstName: traveller.firstName,
        lastName: traveller.lastName,
        dateOfBirth: traveller.dateOfBirth,
        ...(traveller.email ? { email: traveller.email, phone: traveller.phone } : {}),
      });
    }
    await user.click(continueButton());
    expect(await screen.findByRole('heading', { name: 'Choose Your Seats' })).toBeVisible();
  });

  it('keeps what was typed when the traveller comes back from the seat step', async () => {
    stubCheckout();
    const user = userEvent.setup();
    const { history } = renderCheckout();
    await completePassengers(user);

    await user.click(screen.getByRole('button', { name: 'Back' }));

    await screen.findByRole('heading', { name: 'Enter Passenger Details' });
    expect(passengerCard(0).getByLabelText('First Name')).toHaveValue('Ada');
    expect(passengerCard(1).getByLabelText('Passport Number')).toHaveValue('P7654321');
    expect(history.location.search).not.toContain('step=');
  });

  it('verifies the offer before continuing and stays put when it has expired', async () => {
    let expired = false;
    stubCheckout({
      verify: () =>
        expired
          ? apiErrorResponse(
              410,
              'offer_expired',
              'This flight offer has expired. Please select another flight.',
            )
          : jsonResponse(buildVerification()),
    });
    const user = userEvent.setup();
    renderCheckout();
    await screen.findByRole('heading', { name: 'Enter Passenger Details' });
    for (const [index, traveller] of TRAVELLERS.entries()) {
      await fillPassenger(user, index, traveller);
    }

    expired = true;
    await user.click(continueButton());

    expect(await findToast('Flight Offer Expired')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Enter Passenger Details' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Offer Expired' })).toBeDisabled();
  });

  it('continues when the verification itself fails (no verdict on the offer)', async () => {
    let down = false;
    stubCheckout({
      verify: () =>
        down
          ? apiErrorResponse(503, 'service_unavailable', 'Unavailable')
          : jsonResponse(buildVerification()),
    });
    const user = userEvent.setup();
    renderCheckout();
    await screen.findByRole('heading', { name: 'Enter Passenger Details' });
    for (const [index, traveller] of TRAVELLERS.entries()) {
      await fillPassenger(user, index, traveller);
    }

    down = true;
    await user.click(continueButton());

    expect(await screen.findByRole('heading', { name: 'Choose Your Seats' })).toBeVisible();
  });

  it("shows an expired offer's message, disables the form and waits for the traveller to search again", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const requests = stubCheckout({
      verify: () =>
        apiErrorResponse(
          410,
          'offer_expired',
          'This flight offer has expired. Please select another flight.',
        ),
    });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    const { history } = renderCheckout();

    expect(await findToast('Flight Offer Expired')).toBeVisible();
    expect(await findToast('Offers typically expire after 30 minutes')).toBeVisible();
    expect(
      screen.getByText('This flight offer has expired. Please select another flight.'),
    ).toBeVisible();
    const button = screen.getByRole('button', { name: 'Offer Expired' });
    expect(button).toBeDisabled();
    await user.type(passengerCard(0).getByLabelText('First Name'), 'Ada');

    // No automatic redirect (WCAG 2.2.1): the page stays until the traveller chooses.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    expect(history.location.pathname).toBe('/booking');

    await user.click(screen.getByRole('button', { name: 'Search Again' }));
    await waitFor(() => expect(history.location.pathname).toBe('/search'));
    // The same query string (and the trip's own criteria) went along to the search.
    const sent = new URLSearchParams(BOOKING_PATH.split('?')[1]);
    expect(history.location.href).toContain(`offer=${sent.get('offer') ?? ''}`);
    // What was typed waits for the next offer's checkout.
    expect(sessionStorage.getItem('contrail.checkout.carry')).toContain('Ada');
    // The results page searches as it opens; that search belongs to this test, not the next.
    await waitFor(() =>
      expect(requests.some((r) => r.method === 'POST' && r.path === '/api/flights/search')).toBe(
        true,
      ),
    );
  });

  it('asks title and gender without a default, and reads a local phone number in its country', async () => {
    const requests = stubCheckout();
    const user = userEvent.setup();
    renderCheckout();
    await screen.findByRole('heading', { name: 'Enter Passenger Details' }, { timeout: 5000 });
    const first = passengerCard(0);
    expect(first.getByRole('combobox', { name: 'Title' })).toHaveTextContent('Select');
    expect(first.getByRole('combobox', { name: 'Gender' })).toHaveTextContent('Select');
    expect(first.getAllByText(passengerMessages.titleGenderReason)[0]).toBeVisible();

    await user.type(first.getByLabelText('Phone Number'), '07911 123456');
    await user.selectOptions(first.getByLabelText('Country Code'), '');
    await user.click(continueButton());

    expect(first.getByRole('combobox', { name: 'Title' })).toHaveAccessibleDescription(
      passengerMessages.titleRequired,
    );
    expect(first.getByRole('combobox', { name: 'Gender' })).toHaveAccessibleDescription(
      passengerMessages.genderRequired,
    );
    expect(first.getByLabelText('Phone Number')).toHaveAccessibleDescription(
      passengerMessages.phoneCountryRequired,
    );
    await user.selectOptions(first.getByLabelText('Country Code'), 'GB');
    await waitFor(() =>
      expect(first.getByLabelText('Phone Number')).not.toHaveAccessibleDescription(),
    );
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('keeps what was typed across a reload of the page', async () => {
    stubCheckout();
    const user = userEvent.setup();
    const first = renderCheckout();
    await screen.findByRole('heading', { name: 'Enter Passenger Details' }, { timeout: 5000 });
    await user.type(passengerCard(0).getByLabelText('First Name'), 'Ada');
    await user.type(passengerCard(1).getByLabelText('Passport Number'), 'P7654321');
    await waitFor(() =>
      expect(sessionStorage.getItem('contrail.checkout.off_test_1')).toContain('P7654321'),
    );
    first.unmount();

    renderCheckout();
    await screen.findByRole('heading', { name: 'Enter Passenger Details' }, { timeout: 5000 });
    expect(passengerCard(0).getByLabelText('First Name')).toHaveValue('Ada');
    expect(passengerCard(1).getByLabelText('Passport Number')).toHaveValue('P7654321');
  });

  it('offers the travellers typed for an offer that expired, and fills the form with them', async () => {
    stubCheckout();
    const typed = travellerDrafts();
    sessionStorage.setItem(
      'contrail.checkout.carry',
      JSON.stringify({
        passengers: typed.passengers.map((p, i) => ({ ...p, id: `pas_old_${i}` })),
      }),
    );
    const user = userEvent.setup();
    renderCheckout();
    await screen.findByRole('heading', { name: 'Enter Passenger Details' }, { timeout: 5000 });
    expect(passengerCard(0).getByLabelText('First Name')).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Use These Details' }));

    expect(passengerCard(0).getByLabelText('First Name')).toHaveValue('Ada');
    expect(passengerCard(1).getByLabelText('Last Name')).toHaveValue('Babbage');
    expect(screen.queryByRole('button', { name: 'Use These Details' })).not.toBeInTheDocument();
    expect(sessionStorage.getItem('contrail.checkout.carry')).toBeNull();
    await user.click(continueButton());
    expect(await screen.findByRole('heading', { name: 'Choose Your Seats' })).toBeVisible();
  });
});
