import { describe, expect, it } from 'vitest';
import { FormSyntaxError, parseForm } from './form';

describe('form bodies as Stripe reads them', () => {
  it('nests bracketed keys into hashes and arrays', () => {
    expect(
      parseForm(
        'amount=2000&metadata[order]=o%201&metadata[brand]=sky&created[lt]=17&expand[0]=latest_charge&expand[1]=payment_method',
      ),
    ).toEqual({
      amount: '2000',
      metadata: { order: 'o 1', brand: 'sky' },
      created: { lt: '17' },
      expand: ['latest_charge', 'payment_method'],
    });
  });

  it('orders indexed items by index and appends `[]` items after them', () => {
    expect(parseForm('expand[1]=b&expand[0]=a')).toEqual({ expand: ['a', 'b'] });
    expect(parseForm('expand[]=a&expand[]=b')).toEqual({ expand: ['a', 'b'] });
    expect(parseForm('expand%5B0%5D=a')).toEqual({ expand: ['a'] });
  });

  it('keeps empty values, which unset metadata keys', () => {
    expect(parseForm('metadata[gone]=&description=')).toEqual({
      metadata: { gone: '' },
      description: '',
    });
  });

  it.each(['a[b', 'a]', '[a]=1', 'a[b]c'])('refuses the malformed key %s', (text) => {
    expect(() => parseForm(text.includes('=') ? text : `${text}=1`)).toThrow(FormSyntaxError);
  });
});
