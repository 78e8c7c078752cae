// Decides whether the built web app and API are older than their sources.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const SOURCES = [
  'package.json',
  'package-lock.json',
  'packages/contracts/src',
  'packages/sandbox/src',
  'apps/api/src',
  'apps/api/drizzle',
  'apps/api/scripts',
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
];
const OUTPUTS = ['apps/web/dist/index.html', 'apps/api/dist/server.js'];

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.endsWith('.test.ts') || entry.endsWith('.test.tsx'))
      continue;
    latest = Math.max(latest, newest(join(path, entry)));
  }
  return latest;
}

/** Why a build is needed, or null when the outputs are newer than every source. */
export function buildNeeded() {
  const outputTimes = OUTPUTS.map((file) =>
    existsSync(join(root, file)) ? statSync(join(root, file)).mtimeMs : 0,
  );
  if (outputTimes.some((time) => time === 0)) return 'not built yet';
  const built = Math.min(...outputTimes);
  const changed = SOURCES.find((source) => newest(join(root, source)) > built);
  return changed ? `${changed} changed since the last build` : null;
}
