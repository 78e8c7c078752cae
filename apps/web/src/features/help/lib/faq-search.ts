import { FAQ_CATEGORIES, type FaqCategory, type FaqEntry } from './faq-data';

/*
 * The help search rule, used by the FAQ page and the support page's search box:
 *
 * - The query is trimmed; a query with no words is no search at all (`null`), and everything
 *   shows.
 * - Comparison ignores case and accents: "REFUND" finds "refund", "cafe" finds "café".
 * - The query is split at white space into words. Punctuation at either end of a word is ignored
 *   ("refund?" looks for "refund"; "7-14" keeps its hyphen); a word of punctuation alone is
 *   dropped.
 * - An entry matches when every word occurs in its question or its answer, as a whole word or as
 *   part of one ("cancel" finds "cancellation"). Each word may be found in either text.
 * - FAQ results are grouped by category in the FAQ's own category order; categories without a
 *   match are left out. Within a category, entries whose question holds every word come first,
 *   then those matched through their answer, each in FAQ order.
 */

const EDGE_PUNCTUATION = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;
const COMBINING_MARKS = /\p{M}/gu;

/** Lower case, without accents. */
function normaliseText(text: string): string {
  return text.normalize('NFD').replace(COMBINING_MARKS, '').toLowerCase();
}

/** The words of a query, normalised; empty when there is nothing to look for. */
export function queryWords(query: string): string[] {
  return normaliseText(query)
    .split(/\s+/)
    .map((word) => word.replace(EDGE_PUNCTUATION, ''))
    .filter((word) => word !== '');
}

/** Whether every word occurs in at least one of the texts. */
export function matchesWords(words: readonly string[], ...texts: string[]): boolean {
  const haystacks = texts.map(normaliseText);
  return words.every((word) => haystacks.some((text) => text.includes(word)));
}

export interface FaqSearchGroup {
  category: FaqCategory;
  entries: FaqEntry[];
}

export interface FaqSearchResult {
  /** The query as searched, trimmed. */
  query: string;
  total: number;
  groups: FaqSearchGroup[];
}

/** Searches questions and answers; `null` when the query has no words (see the rule above). */
export function searchFaq(entries: readonly FaqEntry[], query: string): FaqSearchResult | null {
  const words = queryWords(query);
  if (words.length === 0) return null;

  const groups: FaqSearchGroup[] = [];
  for (const category of FAQ_CATEGORIES) {
    const inQuestion: FaqEntry[] = [];
    const inAnswer: FaqEntry[] = [];
    for (const entry of entries) {
      if (entry.category !== category) continue;
      if (matchesWords(words, entry.question)) inQuestion.push(entry);
      else if (matchesWords(words, entry.question, entry.answer)) inAnswer.push(entry);
    }
    const matched = [...inQuestion, ...inAnswer];
    if (matched.length > 0) groups.push({ category, entries: matched });
  }
  return {
    query: query.trim(),
    total: groups.reduce((sum, group) => sum + group.entries.length, 0),
    groups,
  };
}
