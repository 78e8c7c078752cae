import { cleanup, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { siteInfo } from '../../../test/fetch-stub';
import {
  contentsLinks,
  expectHeadingOutline,
  openCompanyPage,
  sectionTitles,
  skyline,
} from '../test/company-pages';

describe('privacy policy page', () => {
  it('is the same page at /privacy and at /privacy-policy', async () => {
    const first = await openCompanyPage('/privacy', 'Privacy Policy');
    const atPrivacy = sectionTitles(first.container);
    expect(first.router.state.location.pathname).toBe('/privacy');
    cleanup();

    const second = await openCompanyPage('/privacy-policy', 'Privacy Policy');
    expect(second.router.state.location.pathname).toBe('/privacy-policy');
    expect(sectionTitles(second.container)).toEqual(atPrivacy);
    expect(atPrivacy).toEqual([
      'Who we are',
      'Information we collect',
      'How we use your information',
      'Who we share it with',
      'Your data and our brands',
      'How we protect your information',
      'How long we keep it',
      'International transfers',
      'Your rights',
      'Children',
      'Cookies',
      'Changes to this policy',
      'Contact us',
    ]);
    expect(contentsLinks().map(([, href]) => href)).toContain('#your-rights');
    expectHeadingOutline(screen.getByRole('main'));
  });

  it('states the age limits, the notice of changes and the last update', async () => {
    const { main } = await openCompanyPage('/privacy-policy', 'Privacy Policy');

    expect(main.getByText(/^Last updated/)).toHaveTextContent('Last updated January 29, 2025');
    expect(
      main.getByText(/You must be 18 or over to create an account or make a booking\./),
    ).toBeInTheDocument();
    expect(main.getByText(/we do not market to children under 16\./)).toBeInTheDocument();
    expect(main.getByText(/at least 30 days' notice of material changes/)).toBeInTheDocument();
  });

  it('describes what the product keeps: argon2id hashes, card brand and last 4 digits, per brand', async () => {
    const { main } = await openCompanyPage('/privacy', 'Privacy Policy');

    expect(main.getByText(/one-way argon2id hash/)).toBeInTheDocument();
    expect(
      main.getByText(/we keep only the card\s+brand and the last 4 digits/),
    ).toBeInTheDocument();
    expect(
      main.getByText(/shown once on the confirmation page, never e-mailed, and temporary/),
    ).toBeInTheDocument();
    expect(main.getByText(/We store these so that our team can answer you\./)).toBeInTheDocument();
    expect(
      main.getByText(/Your account and bookings belong to the brand you used, Skyline Air/),
    ).toBeInTheDocument();
    expect(main.getByText(/__Host-contrail_session \(contrail_session/)).toBeInTheDocument();
    expect(main.getByRole('table', { name: 'Purposes and legal bases' })).toBeInTheDocument();
  });

  it('tells that page views go to Google only where a tag is configured', async () => {
    const { main } = await openCompanyPage('/privacy', 'Privacy Policy', skyline, {
      ...siteInfo,
      analytics: { tagId: 'G-ABC123', conversionLabel: null },
    });

    expect(main.getByText(/sent to Google through its tag \(G-ABC123\)/)).toBeInTheDocument();
    expect(main.getByText('Google', { selector: 'strong' })).toBeInTheDocument();
    expect(main.getByRole('row', { name: /^Analytics/ })).toBeInTheDocument();
    cleanup();

    const { main: withoutTag } = await openCompanyPage('/privacy', 'Privacy Policy');
    expect(withoutTag.queryByText(/Google/)).not.toBeInTheDocument();
    expect(
      withoutTag.getByText(/This site sets no analytics or advertising cookies\./),
    ).toBeInTheDocument();
  });

  it("names the operating company as controller and gives the brand's contact details", async () => {
    const { main } = await openCompanyPage('/privacy', 'Privacy Policy');

    expect(
      await main.findByText(
        `${siteInfo.companyName} is the controller of the personal information you give us through`,
        { exact: false },
      ),
    ).toBeInTheDocument();
    expect(
      main.getByText(
        `Skyline Air is operated by ${siteInfo.companyName}, a company registered in the United Kingdom under company number ${siteInfo.companyNumber}, whose registered office is at ${siteInfo.registeredOffice}.`,
      ),
    ).toBeInTheDocument();
    expect(main.getAllByRole('link', { name: skyline.contact.email })[0]).toHaveAttribute(
      'href',
      `mailto:${skyline.contact.email}`,
    );
    expect(main.getByRole('link', { name: skyline.contact.phone })).toBeInTheDocument();
    expect(main.getByText(skyline.contact.address)).toBeInTheDocument();
    const cookieLinks = main.getAllByRole('link', { name: 'Cookie Policy' });
    expect(cookieLinks.length).toBeGreaterThan(0);
    for (const link of cookieLinks) expect(link).toHaveAttribute('href', '/cookies');
  });
});
