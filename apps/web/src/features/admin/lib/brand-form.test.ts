import { brandInputSchema } from '@contrail/contracts/admin';
import { describe, expect, it } from 'vitest';
import { buildAdminBrand } from '../test/admin-factories';
import {
  brandFormErrorMap,
  brandFormValues,
  brandSiteUrl,
  expandHex,
  isBrandFormField,
  previewColours,
} from './brand-form';

describe('brandFormValues', () => {
  it('turns null links into blank inputs and round-trips through the contract', () => {
    const values = brandFormValues(buildAdminBrand({ logo: null }));
    expect(values.logo).toBe('');
    expect(values.social).toEqual({ facebook: '', twitter: '', instagram: '' });
    const parsed = brandInputSchema.parse(values);
    expect(parsed.logo).toBeNull();
    expect(parsed.social.facebook).toBeNull();
  });

  it('starts a new brand with the default look, markup and currency', () => {
    const values = brandFormValues();
    expect(values).toMatchObject({ name: '', domain: '', markupPercent: 23, currency: 'USD' });
    expect(values.theme.primary).toBe('#1d4ed8');
  });
});

describe('brandFormErrorMap', () => {
  it('explains an empty markup with the range message', () => {
    const result = brandInputSchema.safeParse(
      { ...brandFormValues(buildAdminBrand()), markupPercent: Number.NaN },
      { error: brandFormErrorMap },
    );
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'Markup must be between 0 and 100 percent',
    ]);
  });
});

describe('isBrandFormField', () => {
  it('knows the paths the server names', () => {
    expect(isBrandFormField('theme.primary')).toBe(true);
    expect(isBrandFormField('contact.email')).toBe(true);
    expect(isBrandFormField('social.twitter')).toBe(true);
    expect(isBrandFormField('theme')).toBe(false);
    expect(isBrandFormField('passwordHash')).toBe(false);
  });
});

describe('previewColours', () => {
  const fallback = {
    primary: '#111111',
    secondary: '#222222',
    accent: '#333333',
    background: '#ffffff',
    text: '#000000',
  };

  it('uses each valid edited colour and falls back for unfinished ones', () => {
    expect(previewColours({ primary: '#ABCDEF', accent: '#12', text: '' }, fallback)).toEqual({
      ...fallback,
      primary: '#abcdef',
    });
  });
});

describe('expandHex', () => {
  it('expands short hex colours for the colour picker', () => {
    expect(expandHex('#AbC')).toBe('#aabbcc');
    expect(expandHex('#123456')).toBe('#123456');
  });
});

describe('brandSiteUrl', () => {
  it('uses ?brand= where the host cannot name a brand', () => {
    expect(brandSiteUrl('skyhop.localhost', { host: '127.0.0.1:3000', protocol: 'http:' })).toBe(
      '/?brand=skyhop.localhost',
    );
    expect(brandSiteUrl('default', { host: 'localhost:5173', protocol: 'http:' })).toBe(
      '/?brand=default',
    );
  });

  it("uses the brand's own host elsewhere", () => {
    expect(
      brandSiteUrl('flights.example.com', { host: 'admin.example.com', protocol: 'https:' }),
    ).toBe('https://flights.example.com/');
    expect(brandSiteUrl('default', { host: 'admin.example.com', protocol: 'https:' })).toBe('/');
  });
});
