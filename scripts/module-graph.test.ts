import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { moduleEdges, moduleGraph, withGraph } from './module-graph.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

describe('the module graph in docs/architecture.md', () => {
  it('is the graph the code has (node scripts/module-graph.mjs --write)', async () => {
    const document = await readFile(join(root, 'docs', 'architecture.md'), 'utf8');
    const graph = await moduleGraph();
    expect(withGraph(document, graph)).toBe(document);
  });

  it('draws every module, and the checkout core between bookings and payments', async () => {
    const edges = await moduleEdges();
    const uses = new Map(edges.map(({ from, to }) => [from, to]));
    expect([...uses.keys()]).toEqual(expect.arrayContaining(['bookings', 'checkout', 'payments']));
    expect(uses.get('bookings')).toContain('checkout');
    expect(uses.get('payments')).toContain('checkout');
    expect(uses.get('payments')).not.toContain('bookings');
  });
});
