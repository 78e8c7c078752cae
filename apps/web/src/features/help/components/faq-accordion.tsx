import { Link } from '@tanstack/react-router';
import { ArrowRightIcon } from 'lucide-react';
import {
  Accordion,
  AccordionContent,
  AccordionItem,
  AccordionTrigger,
} from '../../../components/ui/accordion';
import { cn } from '../../../lib/cn';
import { standaloneLinkClass } from '../lib/help-brand';
import type { FaqEntry } from '../lib/faq-data';

interface FaqAccordionProps {
  entries: readonly FaqEntry[];
  /** The questions' heading level, one below the heading the list sits under. */
  headingLevel: 3 | 4;
  className?: string;
}

/** Questions that open to show their answers; several can be open at once. */
export function FaqAccordion({ entries, headingLevel, className }: FaqAccordionProps) {
  return (
    <Accordion
      type="multiple"
      className={cn(
        'rounded-xl border border-border bg-card px-4 text-card-foreground shadow-sm sm:px-6',
        className,
      )}
    >
      {entries.map((entry) => (
        <AccordionItem key={entry.id} value={entry.id}>
          <AccordionTrigger headingLevel={headingLevel}>{entry.question}</AccordionTrigger>
          <AccordionContent className="grid gap-3 pr-8">
            <p className="leading-relaxed text-foreground">{entry.answer}</p>
            {entry.links && entry.links.length > 0 ? (
              <ul className="flex flex-wrap gap-x-5 gap-y-2">
                {entry.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className={standaloneLinkClass}>
                      {link.label}
                      <ArrowRightIcon className="size-3.5" aria-hidden="true" />
                    </Link>
                  </li>
                ))}
              </ul>
            ) : null}
          </AccordionContent>
        </AccordionItem>
      ))}
    </Accordion>
  );
}
