import { findPage, pageTitle } from '@contrail/contracts/pages';
import { useRouterState } from '@tanstack/react-router';
import { useLayoutEffect } from 'react';
import { useBrand } from '../../features/brand/hooks/use-brand';

/**
 * Gives the document the title of the page being opened (WCAG 2.4.2), from the table the server
 * titles its HTML with, as soon as the navigation starts (so page-view reports carry it), and
 * again when the brand changes. Description and canonical link follow once their code has loaded.
 */
export function PageMeta() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const { key, brand } = useBrand();

  useLayoutEffect(() => {
    const page = findPage(pathname);
    document.title = pageTitle(page, brand.name);
    void import('../page-head').then(({ applyPageHead }) => {
      applyPageHead(document, page, brand.name, key);
    });
  }, [pathname, brand.name, key]);

  return null;
}
