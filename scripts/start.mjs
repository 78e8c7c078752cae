// `npm start`: builds what is not built (or is older than its sources), then becomes the server:
// the built server module runs in this very process, so the signals a supervisor or a terminal
// sends reach it directly and no child can outlive it (docs/decisions/010-npm-start-in-process.md).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { apiDistDir, buildNeeded, root, webDistDir } from './build-state.mjs';

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/**
 * Runs one build step in the foreground. A signal meanwhile goes on to the step, and this process
 * then ends as that signal would have ended it; the server is not started.
 */
function run(command, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ...env },
    });
    let stoppedBy;
    const forward = (signal) => {
      stoppedBy ??= signal;
      child.kill(signal);
    };
    for (const signal of SIGNALS) process.on(signal, forward);
    child.on('exit', (code, signal) => {
      for (const name of SIGNALS) process.off(name, forward);
      if (stoppedBy) {
        process.kill(process.pid, stoppedBy);
        return;
      }
      if (code !== 0) {
        console.error(`Build failed (${signal ?? `exit code ${String(code)}`})`);
        process.exit(code ?? 1);
      }
      resolve();
    });
  });
}

const webDist = webDistDir();
const apiDist = apiDistDir();
const reason = buildNeeded();
if (reason) {
  console.log(`Building Contrail (${reason})…`);
  await run('npm', [
    'run',
    'build',
    '--workspace',
    'apps/web',
    '--',
    '--outDir',
    webDist,
    '--emptyOutDir',
  ]);
  await run('npm', ['run', 'build', '--workspace', 'apps/api'], { API_DIST_DIR: apiDist });
}

// What `node --enable-source-maps` would give: stack traces in the TypeScript sources.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(join(apiDist, 'server.js')).href);
