import { faqCategoryLabels } from '../lib/faq-data';
import type { FaqSearchGroup } from '../lib/faq-search';
import { FaqAccordion } from './faq-accordion';

interface FaqResultGroupsProps {
  groups: readonly FaqSearchGroup[];
  /** The categories' heading level; the questions are one below. */
  headingLevel: 2 | 3;
}

/** Search results grouped by FAQ category. */
export function FaqResultGroups({ groups, headingLevel }: FaqResultGroupsProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="grid gap-6">
      {groups.map((group) => (
        <section key={group.category} className="grid gap-3">
          <Heading className="text-base font-semibold text-foreground">
            {faqCategoryLabels[group.category]}
          </Heading>
          <FaqAccordion entries={group.entries} headingLevel={headingLevel === 2 ? 3 : 4} />
        </section>
      ))}
    </div>
  );
}
