import { findPage, pageTitle } from '@contrail/contracts/pages';
import { useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useBrand } from '../../features/brand/hooks/use-brand';
import { DEFAULT_FAVICON } from '../../theme/apply-brand';
import { soleInHead } from './head-elements';
import type * as PageHead from './page-head';

const soleTitle = soleInHead('title');
const soleIcon = soleInHead('link[rel="icon"]');

/**
 * The page's <head>, rendered by React (see head-elements): the title of the page being opened
 * (WCAG 2.4.2), from the table the server titles its HTML with, in the commit the navigation
 * starts with (so page-view reports carry it) and again when the brand changes; the brand's page
 * icon; and the description and canonical link, whose code (with the descriptions table) is
 * fetched after the first commit, out of the entry chunk. That code is rendered once its import
 * has resolved rather than through React.lazy: a Suspense boundary shows what it waited for
 * behind a timer, which a test's fake clock can hold back.
 */
export function PageMeta() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const { key, brand } = useBrand();
  const [head, setHead] = useState<typeof PageHead>();
  useEffect(() => {
    void import('./page-head').then(setHead);
  }, []);

  const page = findPage(pathname);
  return (
    <>
      <title ref={soleTitle}>{pageTitle(page, brand.name)}</title>
      <link ref={soleIcon} rel="icon" href={brand.logo ?? DEFAULT_FAVICON} />
      {head && <head.PageHeadTags page={page} brandName={brand.name} brandKey={key} />}
    </>
  );
}
