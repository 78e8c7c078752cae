// Decides whether the built web app and API are older than their sources.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Where the built web app is: WEB_DIST_DIR (as the server reads it), else apps/web/dist. */
export function webDistDir(env = process.env) {
  return env.WEB_DIST_DIR ? resolve(env.WEB_DIST_DIR) : join(root, 'apps/web/dist');
}

/**
 * Where the API bundle is: API_DIST_DIR (as apps/api/scripts/build.mjs writes it), else
 * apps/api/dist. It must be inside apps/api, where the bundle finds its migrations.
 */
export function apiDistDir(env = process.env) {
  return env.API_DIST_DIR ? resolve(env.API_DIST_DIR) : join(root, 'apps/api/dist');
}

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
  const outputs = [join(webDistDir(), 'index.html'), join(apiDistDir(), 'server.js')];
  const outputTimes = outputs.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0));
  if (outputTimes.some((time) => time === 0)) return 'not built yet';
  const built = Math.min(...outputTimes);
  const changed = SOURCES.find((source) => newest(join(root, source)) > built);
  return changed ? `${changed} changed since the last build` : null;
}
