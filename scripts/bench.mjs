// `npm run bench`: runs every workspace's benchmark; each prints one JSON object per line.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './build-state.mjs';

const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
let failed = false;
for (const workspace of manifest.workspaces) {
  const pkg = JSON.parse(readFileSync(join(root, workspace, 'package.json'), 'utf8'));
  if (!pkg.scripts?.bench) continue;
  const result = spawnSync('npm', ['run', '--silent', 'bench', '--workspace', workspace], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error(`bench failed in ${workspace}`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
