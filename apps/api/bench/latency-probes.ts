// Latency probes from a process of their own: each path asked in turn, every PROBE_EVERY_MS, while a
// bench loads the server, so that the load generator's busy event loop is not what they time.
import { spawn } from 'node:child_process';

const PROBE_EVERY_MS = 100;

/**
 * Asks each of the paths in turn, every PROBE_EVERY_MS, from a process of its own until SIGTERM,
 * then prints each answer's milliseconds and status per path as JSON. In this process it would
 * time the load generator's own event loop, busy with 200 searches' answers.
 */
const PROBE = `
  const [base, pathsJson] = process.argv.slice(1);
  const paths = JSON.parse(pathsJson);
  const checks = Object.fromEntries(paths.map((path) => [path, []]));
  let probing = true;
  process.on('SIGTERM', () => { probing = false; });
  const ask = (path) => fetch(base + path, {
    headers: { 'accept-encoding': 'br, gzip, deflate' },
    signal: AbortSignal.timeout(10000),
  }).then(
    async (response) => { await response.arrayBuffer(); return response.status; },
    (error) => String(error),
  );
  // The first round loads this process's HTTP client: not timed, and the load starts after it.
  for (const path of paths) await ask(path);
  process.stderr.write('probing\\n');
  while (probing) {
    for (const path of paths) {
      const started = performance.now();
      const status = await ask(path);
      checks[path].push({ ms: performance.now() - started, status });
    }
    await new Promise((resolve) => setTimeout(resolve, ${String(PROBE_EVERY_MS)}));
  }
  process.stdout.write(JSON.stringify(checks));
`;

export async function startProbes(base: string, paths: string[]) {
  const prober = spawn(
    process.execPath,
    ['--input-type=module', '-e', PROBE, base, JSON.stringify(paths)],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let probed = '';
  prober.stdout.on('data', (chunk: Buffer) => (probed += chunk.toString()));
  const exited = new Promise((resolve) => prober.once('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    prober.stderr.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('probing')) resolve();
      else process.stderr.write(chunk);
    });
    prober.once('exit', () => reject(new Error('the prober stopped before probing')));
  });
  return async () => {
    prober.kill('SIGTERM');
    await exited;
    return (probed ? JSON.parse(probed) : {}) as Record<
      string,
      { ms: number; status: number | string }[]
    >;
  };
}
