// The fuzz suite of `npm test` (test/fuzz.test.ts) with a larger budget: many more requests and
// a new seed each time, printed so that a failure can be replayed with
// `FUZZ_SEED=<seed> FUZZ_RUNS=<runs> npx vitest run apps/api/test/fuzz.test.ts`.
import { spawnSync } from 'node:child_process';
import { root } from '../../../scripts/build-state.mjs';

const RUNS = Number(process.env.BENCH_FUZZ_RUNS ?? 15_000);
const SEED = Number(process.env.BENCH_FUZZ_SEED ?? Date.now() % 2_147_483_647);
// On the PostgreSQL server when there is one, as a deployment with several processes runs.
const project = process.env.DATABASE_URL ? 'api:postgres' : 'api:pglite';

const started = performance.now();
const run = spawnSync(
  'npx',
  ['vitest', 'run', '--project', project, 'apps/api/test/fuzz.test.ts'],
  {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, FUZZ_RUNS: String(RUNS), FUZZ_SEED: String(SEED) },
  },
);
console.log(
  JSON.stringify({
    name: 'api.fuzz',
    project,
    runs: RUNS,
    seed: SEED,
    seconds: Math.round((performance.now() - started) / 1000),
    pass: run.status === 0,
  }),
);
if (run.status !== 0) process.exitCode = 1;
