import { describe, expect, it } from 'vitest';
import indexHtml from '../index.html?raw';

describe('index.html', () => {
  // The API server finds these by exact string replacement; a formatter must not touch them.
  it.each([
    '<title>Contrail - Flight Booking</title>',
    '<link rel="icon" href="/favicon.svg" />',
    '<script id="boot-data" type="application/json">null</script>',
  ])('holds the marker %s verbatim', (marker) => {
    expect(indexHtml).toContain(marker);
  });

  it('loads no inline or external script', () => {
    const scripts = [...indexHtml.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag);
    expect(scripts).toEqual([
      '<script id="boot-data" type="application/json">',
      '<script type="module" src="/src/main.tsx">',
    ]);
  });
});
