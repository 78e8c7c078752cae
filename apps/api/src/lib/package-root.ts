import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The API package's own folder, found from this module's location so that the same code works
 * from `src/` (tests, tsx) and from the bundle in `dist/`.
 */
export function apiPackageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'drizzle.config.ts')) && existsSync(join(dir, 'package.json')))
      return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('Cannot find the API package folder');
    dir = parent;
  }
}

export function repoRoot(): string {
  return join(apiPackageRoot(), '..', '..');
}
