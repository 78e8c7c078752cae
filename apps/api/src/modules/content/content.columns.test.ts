import { describe, expect, it } from 'vitest';
import { StoredJsonError } from '../../lib/stored-json';
import { readEnquiryFields } from './content.columns';

describe("an enquiry's fields", () => {
  it("reads the contact form's, the support form's and a look-up's fields as written", () => {
    const contact = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      phone: '+44 20 7946 0000',
      reason: 'booking',
      bookingReference: 'ABC123',
      message: 'Line one\nline two',
      preferredContact: 'phone',
      consent: true,
    };
    const support = { fullName: 'Ada Lovelace', subject: 'Seats', message: 'A window seat?' };
    const lookup = { bookingReference: 'ABC123', found: false, bookingId: null };
    for (const fields of [contact, support, lookup]) {
      expect(readEnquiryFields(JSON.parse(JSON.stringify(fields)))).toEqual(fields);
    }
  });

  it('throws fields that are no object, or a field of the wrong kind', () => {
    expect(() => readEnquiryFields('hello')).toThrow(StoredJsonError);
    expect(() => readEnquiryFields({ message: 42 })).toThrow(/enquiries\.fields[\s\S]*message/);
    expect(() => readEnquiryFields({ found: 'yes' })).toThrow(/found/);
  });
});
