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

/** The section under the h2 `title`. */
function sectionOf(title: string): HTMLElement {
  const section = screen.getByRole('heading', { level: 2, name: title }).closest('section');
  if (!section) throw new Error(`no section for ${title}`);
  return section;
}

function cellValue(cell: HTMLElement): string {
  const [label, ...value] = Array.from(cell.childNodes);
  expect(label).toHaveAttribute('aria-hidden', 'true');
  return value.map((node) => node.textContent).join('');
}

describe('cookie policy page', () => {
  it('tables every cookie category with what this site uses and its duration', async () => {
    const { main } = await openCompanyPage('/cookies', 'Cookie Policy');

    const table = main.getByRole('table', { name: 'Cookie categories' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          // Past the column name shown above the value on phones (hidden from assistive technology).
          .map((cell) => cellValue(cell)),
      );
    const headers = within(table)
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Strictly necessary (authentication)',
      'Preferences',
      'Analytics',
      'Marketing',
    ]);
    const [authentication, preference, analytics, marketing] = rows;
    expect(authentication?.[1]).toBe(
      '__Host-contrail_session (contrail_session where the site runs without HTTPS)',
    );
    expect(authentication?.[2]).toBe('30 days, renewed as you use the site');
    expect(preference?.[1]).toContain('contrail.lastTripType');
    expect(preference?.[1]).toContain('contrail.lastSearch');
    expect(preference?.[2]).toMatch(/^1 year/);
    expect(analytics?.[1]).toBe('None on this site.');
    expect(analytics?.[2]).toBe('2 years');
    expect(marketing?.[1]).toBe('None on this site.');
    expect(marketing?.[2]).toBe('90 days');
  });

  it('lists how long each kind of cookie lasts, session cookies included', async () => {
    const { main } = await openCompanyPage('/cookies', 'Cookie Policy');

    const durations = Object.fromEntries(
      Array.from(
        main
          .getByRole('heading', { name: 'How long cookies last' })
          .parentElement?.querySelectorAll('dt') ?? [],
        (term) => [term.textContent, term.nextElementSibling?.textContent],
      ),
    );
    expect(durations).toEqual({
      'Session cookies': 'Session: deleted when you close your browser',
      Authentication: '30 days',
      Preferences: '1 year',
      Analytics: '2 years',
      Marketing: '90 days',
    });
  });

  it("names Google's cookies, with their durations, where the operator configured its tag", async () => {
    const { main } = await openCompanyPage('/cookies', 'Cookie Policy', skyline, {
      ...siteInfo,
      analytics: { tagId: 'G-ABC123', conversionLabel: 'AW-987654/signup' },
    });

    const table = main.getByRole('table', { name: 'Cookie categories' });
    const value = (category: string) => {
      const row = within(table).getByRole('row', { name: new RegExp(`^${category}`) });
      const [, used] = within(row).getAllByRole('cell');
      if (!used) throw new Error(`no 'Used on this site' cell for ${category}`);
      return cellValue(used);
    };
    expect(value('Analytics')).toBe('_ga, _ga_ABC123, set by Google Analytics');
    expect(value('Marketing')).toBe('_gcl_au, set by Google Ads');
    const section = within(sectionOf('Analytics and marketing'));
    expect(section.getByText(/^This site uses Google's tag/)).toHaveTextContent('G-ABC123');
    expect(section.getByText(/^Analytics:/)).toHaveTextContent(
      'Analytics: _ga, _ga_ABC123, for 2 years.',
    );
    expect(section.getByText(/^Marketing:/)).toHaveTextContent('Marketing: _gcl_au, for 90 days.');
  });

  it('says that no tag is loaded where none is configured', async () => {
    const { main } = await openCompanyPage('/cookies', 'Cookie Policy');

    expect(
      main.getByText(
        /^This site sets no analytics or marketing cookies and loads no tracking tags\./,
      ),
    ).toBeInTheDocument();
    expect(main.queryByText(/_ga/)).not.toBeInTheDocument();
  });

  it('describes the sign-in cookie as the API sets it', async () => {
    const { main } = await openCompanyPage('/cookies', 'Cookie Policy');

    expect(
      main.getByText(/It is HttpOnly \(scripts on the page cannot read it\)/),
    ).toBeInTheDocument();
    expect(
      main.getByText(/It lasts 30 days and is renewed as you use the site/),
    ).toBeInTheDocument();
  });

  it('has its sections in the contents, the notice of changes and the company details', async () => {
    const { main, container } = await openCompanyPage('/cookies', 'Cookie Policy');

    expect(sectionTitles(container)).toEqual(contentsLinks().map(([text]) => text));
    expectHeadingOutline(screen.getByRole('main'));
    expect(main.getByText(/^Last updated/)).toHaveTextContent('Last updated January 29, 2025');
    expect(main.getByText(/at least 30 days' notice of material changes/)).toBeInTheDocument();
    expect(await main.findByText(siteInfo.companyNumber)).toBeInTheDocument();
    expect(main.getByText(siteInfo.registeredOffice)).toBeInTheDocument();
    expect(main.getByRole('link', { name: skyline.contact.email })).toBeInTheDocument();
    expect(main.getByRole('link', { name: skyline.contact.phone })).toBeInTheDocument();
    expect(main.getByText(skyline.contact.address)).toBeInTheDocument();
    expect(main.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy-policy',
    );
  });
});
