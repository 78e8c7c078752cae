import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { siteInfo } from '../../../test/fetch-stub';
import {
  contentsLinks,
  expectHeadingOutline,
  openCompanyPage,
  sectionTitles,
  skyline,
} from '../test/company-pages';

describe('terms of service page', () => {
  it('has its sections, each in the contents, under one h1', async () => {
    const { container } = await openCompanyPage('/terms', 'Terms of Service');

    const titles = sectionTitles(container);
    expect(titles).toEqual(contentsLinks().map(([text]) => text));
    expect(titles).toEqual(
      expect.arrayContaining([
        'Our role',
        'Your account',
        'Prices and availability',
        'Booking and payment',
        'Changes and cancellations',
        'Changes to these terms',
        'Governing law',
        'Contact us',
      ]),
    );
    expectHeadingOutline(screen.getByRole('main'));
  });

  it('links to /privacy-policy and /cancellation-policy', async () => {
    const user = userEvent.setup();
    const { main, router } = await openCompanyPage('/terms', 'Terms of Service');

    const privacy = main.getAllByRole('link', { name: 'Privacy Policy' });
    const cancellation = main.getAllByRole('link', { name: 'Cancellation Policy' });
    for (const link of privacy) expect(link).toHaveAttribute('href', '/privacy-policy');
    for (const link of cancellation) expect(link).toHaveAttribute('href', '/cancellation-policy');

    const [firstCancellationLink] = cancellation;
    if (!firstCancellationLink) throw new Error('no link to the cancellation policy');
    await user.click(firstCancellationLink);
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Cancellation Policy' },
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/cancellation-policy');
  });

  it('states the minimum age, the notice of changes, the refund rules and the last update', async () => {
    const { main } = await openCompanyPage('/terms', 'Terms of Service');

    expect(main.getByText(/^Last updated/)).toHaveTextContent('Last updated January 29, 2025');
    expect(main.getByText('You must be 18 or over to create an account.')).toBeInTheDocument();
    expect(main.getByText(/at least 30 days' notice of material changes/)).toBeInTheDocument();
    expect(main.getByText('Service fees are non-refundable.')).toBeInTheDocument();
    expect(main.getByText(/^Prices are shown in USD and include/)).toBeInTheDocument();
  });

  it("names the operating company and gives the brand's contact details", async () => {
    const { main } = await openCompanyPage('/terms', 'Terms of Service');

    expect(await main.findByText(siteInfo.companyNumber)).toBeInTheDocument();
    expect(main.getByText(new RegExp(`mean ${siteInfo.companyName}, and`))).toBeInTheDocument();
    expect(main.getByRole('link', { name: skyline.contact.email })).toBeInTheDocument();
    expect(main.getByRole('link', { name: skyline.contact.phone })).toBeInTheDocument();
    expect(main.getByText(skyline.contact.address)).toBeInTheDocument();
  });
});
