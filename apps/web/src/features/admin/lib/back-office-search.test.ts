import { describe, expect, it } from 'vitest';
import { readBookingsSearch, toQueryString } from './back-office-search';

describe('the back office search params', () => {
  it('send the brand filter as the API names it, and never the brand key of the page', () => {
    const search = readBookingsSearch({
      q: 'ABC123',
      brandId: '0b5b1f2e-4c1a-4b8e-9d3f-1e2a3b4c5d6e',
      page: '2',
    });
    expect(toQueryString({ ...search, brand: 'skyhop.localhost', pageSize: 25 })).toBe(
      '?q=ABC123&brand=0b5b1f2e-4c1a-4b8e-9d3f-1e2a3b4c5d6e&page=2&pageSize=25',
    );
  });

  it('leave out blanks and drop values that are not theirs', () => {
    expect(toQueryString({ q: '', status: undefined })).toBe('');
    expect(readBookingsSearch({ status: 'lost', sort: 'price', page: 'x' })).toEqual({});
  });
});
