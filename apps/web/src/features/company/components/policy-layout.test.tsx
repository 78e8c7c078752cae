import { defaultBrand } from '@contrail/contracts/brands';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { siteInfo } from '../../../test/fetch-stub';
import { expectHeadingOutline } from '../test/company-pages';
import { ContactDetails } from './contact-details';
import { PolicyLayout } from './policy-layout';

const sections = [
  {
    id: 'first',
    title: 'First things',
    content: (
      <>
        <p>Opening words.</p>
        <h3>A detail</h3>
        <p>More words.</p>
      </>
    ),
  },
  { id: 'second', title: 'Second things', content: <p>Closing words.</p> },
];

describe('policy layout', () => {
  it('titles the page once, dates it and links every section from the contents', () => {
    const { container } = render(
      <PolicyLayout
        eyebrow="Legal"
        title="Example Policy"
        lastUpdated={{ iso: '2025-01-29', label: 'January 29, 2025' }}
        intro={<p>What this covers.</p>}
        sections={sections}
      />,
    );

    expect(screen.getByRole('article', { name: 'Example Policy' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByText(/^Last updated/)).toHaveTextContent('Last updated January 29, 2025');
    expect(screen.getByText('January 29, 2025')).toHaveAttribute('datetime', '2025-01-29');

    const contents = within(screen.getByRole('navigation', { name: 'On this page' }));
    const links = contents.getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['First things', '#first'],
      ['Second things', '#second'],
    ]);
    expect(container.querySelector('#first > h2')).toHaveTextContent('First things');
    expect(container.querySelector('#second > h2')).toHaveTextContent('Second things');
    expect(expectHeadingOutline(container)).toEqual([1, 2, 2, 3, 2]);
  });

  it('leaves out the date and the contents when a page has neither, and shows its footer', () => {
    render(
      <PolicyLayout
        eyebrow="About us"
        title="About Example"
        contents={false}
        intro={<p>Who we are.</p>}
        sections={sections}
        footer={<p>Get in touch.</p>}
      />,
    );

    expect(screen.queryByText(/^Last updated/)).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.getByText('Get in touch.')).toBeInTheDocument();
  });
});

describe('contact details', () => {
  it('lists the company, its number and registered office, and the brand contacts', () => {
    render(<ContactDetails brand={defaultBrand} company={siteInfo} />);

    const terms = screen.getAllByRole('term').map((term) => term.textContent);
    const details = screen.getAllByRole('definition').map((detail) => detail.textContent);
    expect(Object.fromEntries(terms.map((term, index) => [term, details[index]]))).toEqual({
      Company: siteInfo.companyName,
      'Company number': siteInfo.companyNumber,
      'Registered office': siteInfo.registeredOffice,
      Email: defaultBrand.contact.email,
      Phone: defaultBrand.contact.phone,
      'Postal address': defaultBrand.contact.address,
    });
    expect(screen.getByRole('link', { name: defaultBrand.contact.phone })).toHaveAttribute(
      'href',
      'tel:+442045770199',
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows the brand contacts, and that the company is loading, before the site info is known', () => {
    render(<ContactDetails brand={defaultBrand} company={undefined} />);

    expect(screen.getByRole('status')).toHaveTextContent('Loading company details');
    expect(screen.queryByText('Company number')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: defaultBrand.contact.email })).toHaveAttribute(
      'href',
      `mailto:${defaultBrand.contact.email}`,
    );
  });
});
