import { useEffect } from 'react';
import { reportConversionBeforeFollowing } from '../../../lib/analytics-actions';

/**
 * While the partner page is shown, every phone link on it (its own, the search form's, the header's
 * and the footer's) reports a conversion before it dials.
 */
export function usePhoneConversions(): void {
  useEffect(() => {
    function onClick(event: MouseEvent) {
      if (event.defaultPrevented || event.button !== 0) return;
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (link instanceof HTMLAnchorElement && link.protocol === 'tel:') {
        reportConversionBeforeFollowing(event, link.href);
      }
    }
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('click', onClick);
    };
  }, []);
}
