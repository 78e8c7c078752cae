import { useLocation, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';

/**
 * A page's tab, named by the URL's hash (`/faq#payment`, `/support#contact-us`), so a link can
 * open a tab and the address can be shared. Other hashes (the skip link's `#main`) leave the tab
 * as it is. Changing tab replaces the history entry and keeps the scroll position.
 */
export function useHashTab<T extends string>(tabs: readonly T[], fallback: T) {
  const hash = useLocation({ select: (location) => location.hash });
  const navigate = useNavigate();
  const fromHash = (value: string) => tabs.find((tab) => tab === value);
  const [tab, setTab] = useState<T>(() => fromHash(hash) ?? fallback);
  const [seenHash, setSeenHash] = useState(hash);

  // A link to another tab of the page already open (/faq#payment while on /faq#booking).
  if (hash !== seenHash) {
    setSeenHash(hash);
    const linked = fromHash(hash);
    if (linked) setTab(linked);
  }

  function changeTab(next: T) {
    setTab(next);
    setSeenHash(next);
    void navigate({
      to: '.',
      search: true,
      hash: next,
      replace: true,
      resetScroll: false,
      hashScrollIntoView: false,
    });
  }

  return [tab, changeTab] as const;
}
