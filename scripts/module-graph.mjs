#!/usr/bin/env node
// The API's module graph as the code has it: which module of apps/api/src/modules imports which
// (tests left out), as a Mermaid diagram. docs/architecture.md shows it between its
// `module-graph` markers; `node scripts/module-graph.mjs --write` brings it up to date, and
// scripts/module-graph.test.ts fails while it is not.
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise } from 'dependency-cruiser';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const MODULE = /^apps\/api\/src\/modules\/([^/]+)\//;
const START = '<!-- module-graph:start (node scripts/module-graph.mjs --write) -->';
const END = '<!-- module-graph:end -->';

/** Each module and the modules it imports, sorted. */
export async function moduleEdges() {
  const result = await cruise(['apps/api/src/modules'], {
    baseDir: root,
    includeOnly: '^apps/api/src/modules/',
    exclude: { path: '\\.test\\.tsx?$' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.json'],
    },
  });
  const output = /** @type {import('dependency-cruiser').ICruiseResult} */ (result.output);
  /** @type {Map<string, Set<string>>} */
  const edges = new Map();
  for (const module of output.modules) {
    const from = MODULE.exec(module.source)?.[1];
    if (!from) continue;
    if (!edges.has(from)) edges.set(from, new Set());
    for (const dependency of module.dependencies) {
      const to = MODULE.exec(dependency.resolved)?.[1];
      if (to && to !== from) edges.get(from)?.add(to);
    }
  }
  return [...edges.keys()]
    .sort()
    .map((from) => ({ from, to: [...(edges.get(from) ?? [])].sort() }));
}

/** The graph as a Mermaid block: an arrow from each module to each module it uses. */
export async function moduleGraph() {
  const lines = ['```mermaid', 'graph LR'];
  for (const { from, to } of await moduleEdges()) {
    if (to.length === 0) lines.push(`    ${from}`);
    for (const used of to) lines.push(`    ${from} --> ${used}`);
  }
  lines.push('```');
  return lines.join('\n');
}

/** docs/architecture.md with its graph replaced by `graph`. */
export function withGraph(document, graph) {
  const start = document.indexOf(START);
  const end = document.indexOf(END);
  if (start < 0 || end < start) throw new Error('docs/architecture.md has no module-graph markers');
  return `${document.slice(0, start + START.length)}\n\n${graph}\n\n${document.slice(end)}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const graph = await moduleGraph();
  if (process.argv.includes('--write')) {
    const path = join(root, 'docs', 'architecture.md');
    await writeFile(path, withGraph(await readFile(path, 'utf8'), graph));
  } else {
    process.stdout.write(`${graph}\n`);
  }
}
