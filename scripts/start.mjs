// `npm start`: builds what is not built (or is older than its sources), then runs the server.
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { buildNeeded, root } from './build-state.mjs';

const reason = buildNeeded();
if (reason) {
  console.log(`Building Contrail (${reason})…`);
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(
  process.execPath,
  ['--enable-source-maps', join(root, 'apps/api/dist/server.js')],
  {
    cwd: process.cwd(),
    stdio: 'inherit',
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
