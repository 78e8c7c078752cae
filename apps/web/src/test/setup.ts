import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast as sonnerToast } from 'sonner';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { toast } from '../components/ui/toast';
import { setBrandHeader } from '../lib/api-client';
import './jsdom-label-control';

// What a test waits for appears within a second on a quiet machine; CI shares two cores between
// several suites, so waiting is bounded generously (a test still fails at its own timeout).
configure({ asyncUtilTimeout: 4_000 });

class ResizeObserverStub {
  observe(): void {
    // jsdom has no layout: nothing to observe.
  }
  unobserve(): void {
    // See observe.
  }
  disconnect(): void {
    // See observe.
  }
}

// The app loads its toast region and cookie banner lazily, after the first paint. Their modules
// are loaded here once per file, so that a test's wait for a toast measures the app, not the
// transform of those modules on a busy machine.
beforeAll(async () => {
  await Promise.all([
    import('../components/ui/toaster'),
    import('../components/cookie-consent-banner'),
  ]);
});

// jsdom lacks the layout, scrolling and pointer-capture APIs that the router and Radix call.
beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  Object.assign(Element.prototype, {
    scrollIntoView: vi.fn(),
    hasPointerCapture: () => false,
    setPointerCapture: () => undefined,
    releasePointerCapture: () => undefined,
  });
  vi.stubGlobal('ResizeObserver', ResizeObserverStub);
});

afterEach(() => {
  cleanup();
  // Sonner replays the toasts not yet dismissed to a Toaster that mounts, and the app's toasts
  // wait for a toast region: none carries over.
  sonnerToast.dismiss();
  toast.dismiss();
  setBrandHeader(null);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.documentElement.removeAttribute('style');
  document.head
    .querySelectorAll(
      'title, link[rel="icon"], script#boot-data, meta[name="description"], meta[name="robots"], link[rel="canonical"]',
    )
    .forEach((el) => {
      el.remove();
    });
  window.scrollY = 0;
  sessionStorage.clear();
  // A worker's files share one window (the web project's `isolate: false`): a saved search or a
  // cookie choice would carry over to the next file.
  localStorage.clear();
});

// A worker's files share the libraries they load (the web project's `isolate: false`), not the
// app's own modules: the next file loads those afresh, so no state kept in a module (analytics'
// loaded tag, a cache) carries over. A lazy route or component whose import a test started but did
// not wait for finishes first: cut off by the file's end, its failure would stay cached in the
// module graph and break the next file that loads it ("Cannot load … after the environment was
// torn down").
afterAll(async () => {
  await vi.dynamicImportSettled();
  vi.resetModules();
});
