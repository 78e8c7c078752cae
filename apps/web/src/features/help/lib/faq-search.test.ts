import { describe, expect, it } from 'vitest';
import { FAQ_CATEGORIES, FAQ_ENTRIES, type FaqEntry } from './faq-data';
import { queryWords, searchFaq } from './faq-search';

function entry(overrides: Partial<FaqEntry> & Pick<FaqEntry, 'id'>): FaqEntry {
  return {
    category: 'booking',
    question: 'A question?',
    answer: 'An answer.',
    ...overrides,
  };
}

const entries: FaqEntry[] = [
  entry({
    id: 'refund-answer',
    category: 'cancellations',
    question: 'How do I cancel my booking?',
    answer: 'Open My Trips; the refund is shown before you confirm.',
  }),
  entry({
    id: 'refund-question',
    category: 'cancellations',
    question: 'How long does a refund take?',
    answer: 'Refunds take 7-14 business days.',
  }),
  entry({
    id: 'card',
    category: 'payment',
    question: 'When is my card charged?',
    answer: 'Immediately at booking.',
  }),
  entry({
    id: 'cafe',
    category: 'travel',
    question: 'Is there a café at the airport?',
    answer: 'Most airports have several.',
  }),
  entry({
    id: 'booking-ahead',
    category: 'booking',
    question: 'How far ahead can I book?',
    answer: 'Up to 11 months before departure; a refund depends on the fare.',
  }),
];

const ids = (result: ReturnType<typeof searchFaq>) =>
  result?.groups.flatMap((group) => group.entries.map((e) => e.id));

describe('searchFaq', () => {
  it('is no search for an empty or blank query', () => {
    expect(searchFaq(entries, '')).toBeNull();
    expect(searchFaq(entries, '   \t ')).toBeNull();
    expect(searchFaq(entries, ' ?! ')).toBeNull();
  });

  it('ignores case in the query and in the text', () => {
    expect(ids(searchFaq(entries, 'CARD'))).toEqual(['card']);
    expect(ids(searchFaq(entries, 'immediately AT booking'))).toEqual(['card']);
  });

  it('matches the answer text as well as the question', () => {
    // "business" appears only in an answer.
    expect(ids(searchFaq(entries, 'business'))).toEqual(['refund-question']);
    // "departure" only in the booking entry's answer.
    expect(ids(searchFaq(entries, 'departure'))).toEqual(['booking-ahead']);
  });

  it('groups results by category in the FAQ order, leaving empty categories out', () => {
    const result = searchFaq(entries, 'refund');
    expect(result?.groups.map((group) => group.category)).toEqual(['booking', 'cancellations']);
    expect(result?.total).toBe(3);
  });

  it('lists question matches before answer-only matches within a category', () => {
    const result = searchFaq(entries, 'refund');
    const cancellations = result?.groups.find((group) => group.category === 'cancellations');
    // 'refund-answer' comes first in the data, but only its answer mentions a refund.
    expect(cancellations?.entries.map((e) => e.id)).toEqual(['refund-question', 'refund-answer']);
  });

  it('answers an empty result (not null) when nothing matches', () => {
    expect(searchFaq(entries, 'submarine')).toEqual({ query: 'submarine', total: 0, groups: [] });
  });

  it('trims the query it reports', () => {
    expect(searchFaq(entries, '  card  ')?.query).toBe('card');
  });

  it('needs every word, each found in the question or the answer', () => {
    // "cancel" in the question, "confirm" in the answer.
    expect(ids(searchFaq(entries, 'cancel confirm'))).toEqual(['refund-answer']);
    expect(ids(searchFaq(entries, 'cancel submarine'))).toEqual([]);
    // Extra spaces between words change nothing.
    expect(ids(searchFaq(entries, 'card    charged'))).toEqual(['card']);
  });

  it('finds parts of words, ignores punctuation around words and accents', () => {
    expect(ids(searchFaq(entries, 'cancel'))).toEqual(['refund-answer']);
    expect(ids(searchFaq(entries, 'charged?'))).toEqual(['card']);
    expect(ids(searchFaq(entries, '"7-14"'))).toEqual(['refund-question']);
    expect(ids(searchFaq(entries, 'cafe'))).toEqual(['cafe']);
    expect(ids(searchFaq(entries, 'CAFÉ'))).toEqual(['cafe']);
  });
});

describe('queryWords', () => {
  it('splits at white space and strips punctuation at the ends of words', () => {
    expect(queryWords('  Refund?  how-long ... "Card" ')).toEqual(['refund', 'how-long', 'card']);
  });
});

describe('the FAQ', () => {
  it('has the six categories with exactly five questions each', () => {
    for (const category of FAQ_CATEGORIES) {
      expect(FAQ_ENTRIES.filter((e) => e.category === category)).toHaveLength(5);
    }
    expect(FAQ_ENTRIES).toHaveLength(30);
    expect(new Set(FAQ_ENTRIES.map((e) => e.id)).size).toBe(30);
  });

  it("carries the spec's facts", () => {
    const search = (query: string) => ids(searchFaq(FAQ_ENTRIES, query)) ?? [];
    expect(search('7-14 business days')).toContain('cancellations-refund-time');
    expect(search('24-48 hours')).toEqual(
      expect.arrayContaining(['cancellations-refund-time', 'travel-online-check-in']),
    );
    expect(search('charged immediately')).toContain('payment-when-charged');
    expect(search('one payment method')).toContain('payment-split');
    expect(search('6 months beyond')).toContain('travel-documents');
    expect(search('3 hours international 30-60 minutes')).toContain('travel-airport-arrival');
    expect(search('11 months')).toContain('booking-how-far-ahead');
  });
});
