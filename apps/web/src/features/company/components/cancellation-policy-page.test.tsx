import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { siteInfo } from '../../../test/fetch-stub';
import {
  contentsLinks,
  expectHeadingOutline,
  openCompanyPage,
  sectionTitles,
  skyline,
} from '../test/company-pages';

describe('cancellation policy page', () => {
  it('has the eight sections of the policy, in order, each reachable from the contents', async () => {
    const { container } = await openCompanyPage('/cancellation-policy', 'Cancellation Policy');

    const sections = [
      'Introduction',
      'Fare types',
      'Cancellation process',
      'Refund timeline',
      'Special circumstances',
      'Travel insurance',
      'Disputes',
      'Policy changes',
    ];
    expect(sectionTitles(container)).toEqual(sections);
    const links = contentsLinks();
    expect(links.map(([text]) => text)).toEqual(sections);
    for (const [, href] of links) {
      expect(href).toMatch(/^#/);
      expect(container.querySelector(href ?? '')).toBeInstanceOf(HTMLElement);
    }
    expectHeadingOutline(screen.getByRole('main'));
  });

  it("states the policy's constants and 'Last updated January 29, 2025'", async () => {
    const { main } = await openCompanyPage('/cancellation-policy', 'Cancellation Policy');

    expect(main.getByText(/^Last updated/)).toHaveTextContent('Last updated January 29, 2025');
    expect(main.getByRole('time')).toHaveAttribute('datetime', '2025-01-29');
    const glance = within(
      main.getByRole('heading', { name: 'At a glance' }).nextElementSibling as HTMLElement,
    );
    expect(
      glance.getByText('We start the refund with the airline within 24-48 hours of your request.'),
    ).toBeInTheDocument();
    expect(
      glance.getByText('The airline takes 7 to 30 business days to process it.'),
    ).toBeInTheDocument();
    expect(glance.getByText(/^The refund goes to the original payment method/)).toBeInTheDocument();
    expect(glance.getByText('Service fees are non-refundable.')).toBeInTheDocument();
    expect(glance.getByText(/fees may apply/)).toBeInTheDocument();
    expect(main.getByText(/30 days' notice of material changes/)).toBeInTheDocument();
  });

  it('compares the Basic, Standard and Flex fares', async () => {
    const { main } = await openCompanyPage('/cancellation-policy', 'Cancellation Policy');

    const table = main.getByRole('table', { name: 'Typical economy fares and their conditions' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'Basic',
      'Standard',
      'Flex',
    ]);
    const row = (fare: string) =>
      within(within(table).getByRole('row', { name: new RegExp(`^${fare}`) }));
    expect(row('Basic').getByText('Not allowed.')).toBeInTheDocument();
    expect(row('Basic').getByText(/^Non-refundable/)).toBeInTheDocument();
    expect(row('Flex').getByText(/^Refundable/)).toBeInTheDocument();
  });

  it("names the brand, the operating company and the brand's contact details", async () => {
    const { main } = await openCompanyPage('/cancellation-policy', 'Cancellation Policy');

    expect(await main.findByText(siteInfo.companyNumber)).toBeInTheDocument();
    expect(main.getByText(siteInfo.companyName)).toBeInTheDocument();
    expect(main.getByText(siteInfo.registeredOffice)).toBeInTheDocument();
    expect(main.getByRole('link', { name: skyline.contact.email })).toHaveAttribute(
      'href',
      `mailto:${skyline.contact.email}`,
    );
    expect(main.getByRole('link', { name: skyline.contact.phone })).toHaveAttribute(
      'href',
      'tel:+15550100',
    );
    expect(main.getByText(skyline.contact.address)).toBeInTheDocument();
    expect(main.getAllByText(/Skyline Air/).length).toBeGreaterThan(0);
  });

  it('links to My Trips, the terms and the privacy policy', async () => {
    const { main } = await openCompanyPage('/cancellation-policy', 'Cancellation Policy');

    expect(main.getByRole('link', { name: 'My Trips' })).toHaveAttribute('href', '/my-trips');
    expect(main.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(main.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy-policy',
    );
  });
});
