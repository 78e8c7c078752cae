import { useLayoutEffect } from 'react';

/**
 * Gives the page its own title and meta description while it is shown (spec 000 §2, the partner
 * page), and restores them on leaving: the brand's title, and the description that was there
 * (none in the app's own HTML).
 */
export function usePageMeta({
  title,
  description,
  restoreTitle,
}: {
  title: string;
  description: string;
  /** The title every other page has: `{brand name} - Flight Booking`. */
  restoreTitle: string;
}): void {
  useLayoutEffect(() => {
    const existing = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    const previousDescription = existing?.content ?? null;
    const meta = existing ?? document.createElement('meta');
    if (!existing) {
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
    document.title = title;
    return () => {
      document.title = restoreTitle;
      if (previousDescription === null) meta.remove();
      else meta.content = previousDescription;
    };
  }, [title, description, restoreTitle]);
}
