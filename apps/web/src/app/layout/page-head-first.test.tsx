import { screen, waitFor } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { buildBrand } from '../../test/brands';
import { siteInfo, stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';
import { headCounts, writeServerHead } from '../../test/server-head';
import { bootApp } from '../boot';

// A file of its own: the page descriptions must not have been loaded by an earlier test.

vi.setConfig({ testTimeout: 15_000 });

it("shows the server's description of the first page until the descriptions load", async () => {
  window.history.replaceState(null, '', '/about?brand=skyline');
  writeServerHead({
    title: 'About Us - Skyline Air',
    description: 'Who Skyline Air is, as the server put it',
    canonical: 'http://localhost:3000/about?brand=skyline',
    icon: '/brand/skyline.svg',
    boot: { brandKey: 'skyline', brand: buildBrand(), site: siteInfo, user: null },
  });
  stubFetch({});
  const queryClient = createQueryClient();
  const { brandKey } = bootApp({
    location: { host: 'localhost:3000', search: '?brand=skyline' },
    doc: document,
    queryClient,
  });
  // Every description the app puts in the head, in order.
  const shown: string[] = [];
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      const targets = record.type === 'attributes' ? [record.target] : [...record.addedNodes];
      for (const node of targets) {
        if (node instanceof HTMLMetaElement && node.name === 'description')
          shown.push(node.content);
      }
    }
  });
  observer.observe(document.head, { childList: true, attributes: true, subtree: true });

  renderApp({ path: '/about?brand=skyline', brandKey, queryClient });
  await screen.findByRole('heading', { level: 1, name: 'About Skyline Air' });
  await waitFor(() => {
    expect(shown.at(-1)).toMatch(/^Who Skyline Air is, and how we help travellers/);
  });
  observer.disconnect();

  expect(shown[0]).toBe('Who Skyline Air is, as the server put it');
  expect(headCounts()).toEqual({ title: 1, description: 1, canonical: 1, robots: 0, icon: 1 });
  window.history.replaceState(null, '', '/');
});
