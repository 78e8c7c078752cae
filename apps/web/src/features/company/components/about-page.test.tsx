import { defaultBrand } from '@contrail/contracts/brands';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { siteInfo } from '../../../test/fetch-stub';
import {
  expectHeadingOutline,
  openCompanyPage,
  sectionTitles,
  skyline,
} from '../test/company-pages';

describe('about page', () => {
  it("tells the brand's story, mission and approach under the brand's name", async () => {
    const { main, container } = await openCompanyPage('/about', 'About Skyline Air');

    expect(sectionTitles(container)).toEqual([
      'Our story',
      'Our mission',
      'Our approach',
      'Who we are',
    ]);
    expect(main.getByText(/We built Skyline Air to do the opposite\./)).toBeInTheDocument();
    expect(main.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'One honest price',
      'Compare what matters',
      'The rules before you pay',
      'A seat for everyone',
      'Secure by design',
      'People when you need them',
    ]);
    // A page about a brand, not a policy: no 'Last updated' line and no table of contents.
    expect(main.queryByText(/^Last updated/)).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'On this page' })).not.toBeInTheDocument();
    expectHeadingOutline(screen.getByRole('main'));
  });

  it('names the operating company and the contact details', async () => {
    const { main } = await openCompanyPage('/about', 'About Skyline Air');

    expect(
      await main.findByText(
        `Skyline Air is operated by ${siteInfo.companyName}, a company registered in the United Kingdom under company number ${siteInfo.companyNumber}, whose registered office is at ${siteInfo.registeredOffice}.`,
      ),
    ).toBeInTheDocument();
    expect(main.getByRole('link', { name: skyline.contact.email })).toBeInTheDocument();
    expect(main.getByText(skyline.contact.address)).toBeInTheDocument();
  });

  it('leads to /register and /contact', async () => {
    const user = userEvent.setup();
    const { main, router } = await openCompanyPage('/about', 'About Skyline Air');

    expect(main.getByRole('heading', { level: 2, name: 'Travel with Skyline Air' })).toBeVisible();
    expect(main.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
    const register = main.getByRole('link', { name: 'Create an account' });
    expect(register).toHaveAttribute('href', '/register');

    await user.click(register);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Create Account' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/register');
  });

  it('uses the default brand name where no brand is chosen', async () => {
    const { main } = await openCompanyPage('/about', 'About Contrail', defaultBrand);
    expect(main.getByText(/We built Contrail to do the opposite\./)).toBeInTheDocument();
    expect(main.getByRole('link', { name: defaultBrand.contact.email })).toBeInTheDocument();
  });
});
