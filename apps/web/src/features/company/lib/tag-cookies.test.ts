import { describe, expect, it } from 'vitest';
import { tagCookies } from './tag-cookies';

describe('the cookies of the configured Google tag', () => {
  it('is none without a tag', () => {
    expect(tagCookies(undefined)).toBeNull();
  });

  it('names the Google Analytics cookies of a G- tag, and no Ads cookie without a conversion', () => {
    expect(tagCookies({ tagId: 'G-ABC123', conversionLabel: null })).toEqual({
      tagId: 'G-ABC123',
      analytics: ['_ga', '_ga_ABC123'],
      marketing: [],
    });
  });

  it('adds the Google Ads conversion cookie when conversions are measured', () => {
    expect(tagCookies({ tagId: 'G-ABC123', conversionLabel: 'AW-987654/signup' })).toEqual({
      tagId: 'G-ABC123',
      analytics: ['_ga', '_ga_ABC123'],
      marketing: ['_gcl_au'],
    });
  });

  it('names only the Ads cookie for a Google Ads tag', () => {
    expect(tagCookies({ tagId: 'AW-987654', conversionLabel: null })).toEqual({
      tagId: 'AW-987654',
      analytics: [],
      marketing: ['_gcl_au'],
    });
  });
});
