import { defaultBrand } from '@contrail/contracts/brands';
import { describe, expect, it } from 'vitest';
import { assertTemplate, escapeHtml, jsonForScript, renderPage } from './render-page';

const TEMPLATE =
  '<html><head><link rel="icon" href="/favicon.svg" /><title>Contrail - Flight Booking</title>' +
  '<script id="boot-data" type="application/json">null</script></head><body></body></html>';
const site = { companyName: 'C', companyNumber: '1', registeredOffice: 'R' };
const head = {
  title: 'About Us - Contrail',
  description: 'Who Contrail is',
  canonicalUrl: 'https://contrail.example/about',
};

describe('renderPage', () => {
  it('escapes brand and page text so it cannot break out of the markup', () => {
    const brand = { ...defaultBrand, logo: '"><script>x</script>' };
    const html = renderPage(
      TEMPLATE,
      { brandKey: 'evil', brand, site },
      {
        title: '</title><script>alert(1)</script> - Flight Booking',
        description: '"><script>alert(2)</script>',
        canonicalUrl: 'https://x.example/?a="><script>alert(3)</script>',
      },
      'n0nce',
    );
    expect(html).not.toMatch(/<script>(alert|x)/);
    expect(html).toContain(
      '<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; - Flight Booking</title>',
    );
    expect(html).toContain('content="&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt;"');
  });

  it("writes the page's title, description and canonical link", () => {
    const html = renderPage(TEMPLATE, { brandKey: 'k', brand: defaultBrand, site }, head, 'n');
    expect(html).toContain('<title>About Us - Contrail</title>');
    expect(html).toContain('<meta name="description" content="Who Contrail is" />');
    expect(html).toContain('<link rel="canonical" href="https://contrail.example/about" />');
    expect(html).not.toContain('name="robots"');
  });

  it('tells search engines not to index a page without a canonical link', () => {
    const html = renderPage(
      TEMPLATE,
      { brandKey: 'k', brand: defaultBrand, site },
      { ...head, canonicalUrl: null },
      'n',
    );
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).not.toContain('rel="canonical"');
  });

  it('keeps boot data inside its script element', () => {
    const brand = { ...defaultBrand, name: '</script><script>alert(1)</script>' };
    const html = renderPage(TEMPLATE, { brandKey: 'k', brand, site }, head, 'n');
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(jsonForScript({ a: '</script>&<!--' })).toBe(
      '{"a":"\\u003c/script\\u003e\\u0026\\u003c!--"}',
    );
  });

  it('escapes the five HTML-special characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
  });

  it('refuses a template without the markers', () => {
    expect(() => assertTemplate('<html><head></head></html>')).toThrow(/title marker/);
    expect(() => assertTemplate(TEMPLATE)).not.toThrow();
  });
});
