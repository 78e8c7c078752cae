import { describe, expect, it } from 'vitest';
import { FAQ_CATEGORIES } from './faq-data';
import { filterHelpTopics, HELP_TOPICS } from './help-topics';

const ids = (query: string) => filterHelpTopics(HELP_TOPICS, query).map((topic) => topic.id);

describe('filterHelpTopics', () => {
  it('keeps every topic when the query has no words', () => {
    expect(ids('')).toHaveLength(HELP_TOPICS.length);
    expect(ids('   ')).toHaveLength(HELP_TOPICS.length);
  });

  it('matches titles, descriptions and keywords, ignoring case', () => {
    expect(ids('REFUND')).toEqual(['cancellations', 'cancellation-policy']);
    // Only a keyword of the travel topic says "luggage".
    expect(ids('Luggage')).toEqual(['travel']);
    // Only a description says "no sign-in needed".
    expect(ids('sign-in needed')).toEqual(['find-booking']);
  });

  it('needs every word of the query', () => {
    expect(ids('cancel policy')).toEqual(['cancellation-policy']);
    expect(ids('cancel submarine')).toEqual([]);
  });

  it('links every FAQ category and only real pages', () => {
    const faqHashes = HELP_TOPICS.flatMap((topic) =>
      topic.link.to === '/faq' ? [topic.link.hash] : [],
    );
    expect(faqHashes).toEqual([...FAQ_CATEGORIES]);
    for (const topic of HELP_TOPICS) expect(topic.link.to).toMatch(/^\/[a-z-]+$/);
  });
});
