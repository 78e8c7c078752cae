import { SearchIcon } from 'lucide-react';
import type { MouseEvent } from 'react';
import { Button, type ButtonProps } from '../../../components/ui/button';
import { scrollToSection } from '../lib/scroll-to-section';
import { SEARCH_SECTION_ID } from './search-section';

/**
 * 'Search Flights' and 'Start Searching': a link to the search section, which scrolls there and
 * moves focus to it without changing the URL.
 */
export function ScrollToSearchButton({
  children,
  variant = 'default',
}: {
  children: string;
  variant?: ButtonProps['variant'];
}) {
  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    scrollToSection(SEARCH_SECTION_ID);
  }
  return (
    <Button asChild size="lg" variant={variant}>
      <a href={`#${SEARCH_SECTION_ID}`} onClick={onClick}>
        <SearchIcon aria-hidden="true" />
        {children}
      </a>
    </Button>
  );
}
