import { describe, expect, it } from 'vitest';
import {
  cardBrandOf,
  cardDetailsSchema,
  cardMessages,
  formatCardNumber,
  normalizeCardNumber,
  passesLuhn,
} from './payments';

const now = () => new Date('2026-11-22T10:00:00Z');
const valid = {
  number: '4242 4242 4242 4242',
  holderName: 'Ada Lovelace',
  expiryMonth: '12',
  expiryYear: '30',
  cvv: '123',
};
const messages = (input: Record<string, string>) => {
  const result = cardDetailsSchema(now).safeParse({ ...valid, ...input });
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('card rules (spec 001 §5)', () => {
  it('groups digits in fours and strips spaces', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242 4242 4242 4242 999')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242a42')).toBe('4242 42');
    expect(formatCardNumber('4242424242424242').length).toBe(19);
    expect(normalizeCardNumber('4242 4242-4242 4242')).toBe('4242424242424242');
  });

  it('checks the Luhn sum', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('378282246310005')).toBe(true);
  });

  it('knows the brand', () => {
    expect(cardBrandOf('4242424242424242')).toBe('visa');
    expect(cardBrandOf('5555555555554444')).toBe('mastercard');
    expect(cardBrandOf('378282246310005')).toBe('amex');
  });

  it('accepts a valid card and sends the number without spaces', () => {
    expect(cardDetailsSchema(now).parse(valid).number).toBe('4242424242424242');
    expect(messages({ number: '3782 822463 10005', cvv: '1234' })).toEqual([]);
  });

  it.each([
    [{ number: '4242 4242 4242 4241' }, cardMessages.invalidNumber],
    [{ number: '4242 4242 4242' }, cardMessages.invalidNumber],
    [{ number: '4242 4242 4242 4242 4' }, cardMessages.invalidNumber],
    [{ expiryMonth: '13' }, cardMessages.invalidExpiry],
    [{ expiryMonth: '' }, cardMessages.invalidExpiry],
    [{ expiryYear: '2030' }, cardMessages.invalidExpiry],
    [{ expiryMonth: '10', expiryYear: '26' }, cardMessages.expired],
    [{ cvv: '12' }, cardMessages.invalidCvv],
    [{ cvv: '12345' }, cardMessages.invalidCvv],
    [{ holderName: '  Al ' }, cardMessages.invalidHolder],
  ])('refuses %o with "%s"', (input, message) => {
    expect(messages(input)).toContain(message);
  });

  it('accepts a card that expires this month', () => {
    expect(messages({ expiryMonth: '11', expiryYear: '26' })).toEqual([]);
  });
});
