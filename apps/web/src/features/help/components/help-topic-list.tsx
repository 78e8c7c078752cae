import { Link } from '@tanstack/react-router';
import {
  BanknoteArrowDownIcon,
  CalendarSyncIcon,
  CreditCardIcon,
  FileTextIcon,
  MessageSquareIcon,
  PlaneTakeoffIcon,
  SearchIcon,
  TicketIcon,
  TicketsPlaneIcon,
  UserRoundIcon,
  type LucideIcon,
} from 'lucide-react';
import type { HelpTopic, HelpTopicIcon } from '../lib/help-topics';

const ICONS: Record<HelpTopicIcon, LucideIcon> = {
  booking: TicketIcon,
  payment: CreditCardIcon,
  cancellations: BanknoteArrowDownIcon,
  changes: CalendarSyncIcon,
  travel: PlaneTakeoffIcon,
  account: UserRoundIcon,
  'find-booking': SearchIcon,
  trips: TicketsPlaneIcon,
  policy: FileTextIcon,
  contact: MessageSquareIcon,
};

/** Help topics as cards, each a link to the FAQ category or page it is about. */
export function HelpTopicList({ topics }: { topics: readonly HelpTopic[] }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {topics.map((topic) => {
        const Icon = ICONS[topic.icon];
        const { link } = topic;
        return (
          <li key={topic.id}>
            <Link
              to={link.to}
              {...('hash' in link ? { hash: link.hash } : {})}
              className="flex h-full items-start gap-4 rounded-xl border border-border bg-card p-4 text-card-foreground shadow-sm transition-colors outline-none hover:border-primary focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
            >
              <span
                aria-hidden="true"
                className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary"
              >
                <Icon className="size-5" />
              </span>
              <span className="grid gap-1">
                <span className="font-semibold text-foreground">{topic.title}</span>
                <span className="text-sm text-muted-foreground">{topic.description}</span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
