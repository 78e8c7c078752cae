import { defaultBrand } from '@contrail/contracts/brands';
import { describe, expect, it } from 'vitest';
import { assertTemplate, escapeHtml, jsonForScript, renderPage } from './render-page';

const TEMPLATE =
  '<html><head><link rel="icon" href="/favicon.svg" /><title>Contrail - Flight Booking</title>' +
  '<script id="boot-data" type="application/json">null</script></head><body></body></html>';
const site = { companyName: 'C', companyNumber: '1', registeredOffice: 'R' };

describe('renderPage', () => {
  it('escapes brand text so it cannot break out of the markup', () => {
    const brand = {
      ...defaultBrand,
      name: '</title><script>alert(1)</script>',
      logo: '"><script>x</script>',
    };
    const html = renderPage(TEMPLATE, { brandKey: 'evil', brand, site }, 'n0nce');
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('<script>x</script>');
    expect(html).toContain('&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; - Flight Booking');
  });

  it('keeps boot data inside its script element', () => {
    const brand = { ...defaultBrand, name: '</script><script>alert(1)</script>' };
    const html = renderPage(TEMPLATE, { brandKey: 'k', brand, site }, 'n');
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
