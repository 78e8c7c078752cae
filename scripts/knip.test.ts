import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const config = join(root, 'knip.jsonc');
const knip = join(root, 'node_modules', '.bin', 'knip');

interface KnipRun {
  code: number;
  /** `kind file name` per issue found (`exports`, `types`, `files`, …). */
  issues: string[];
  output: string;
}

interface KnipReport {
  issues: ({ file: string } & Record<string, { name: string }[] | string>)[];
}

/** Runs knip in `cwd` with the repository's configuration, as `npm run lint` runs it. */
function runKnip(cwd: string): Promise<KnipRun> {
  return new Promise((resolve) => {
    execFile(
      knip,
      ['--config', config, '--reporter', 'json', '--no-config-hints'],
      { cwd, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const report = stdout.trim() ? (JSON.parse(stdout) as KnipReport) : { issues: [] };
        const issues = report.issues.flatMap(({ file, ...kinds }) =>
          Object.entries(kinds).flatMap(([kind, found]) =>
            Array.isArray(found) ? found.map(({ name }) => `${kind} ${file} ${name}`) : [],
          ),
        );
        resolve({ code: error ? Number(error.code ?? 1) : 0, issues, output: stdout + stderr });
      },
    );
  });
}

/**
 * A small tree laid out like the repository's that knip finds clean: a server entry point, an
 * export only a test uses (the Vitest plugin makes test files entry points), and an unused export
 * in one of the folders the configuration leaves to their restructuring.
 */
const cleanTree: Record<string, string> = {
  'package.json': JSON.stringify({
    name: 'fixture',
    private: true,
    type: 'module',
    workspaces: ['apps/api'],
  }),
  'apps/api/package.json': JSON.stringify({
    name: '@fixture/api',
    private: true,
    type: 'module',
    scripts: { start: 'node src/server.ts' },
    devDependencies: { vitest: '*' },
  }),
  'apps/api/src/server.ts': [
    "import { search } from './modules/flights/flights.service';",
    "import { book } from './modules/bookings/bookings.service';",
    'console.log(search(), book());',
    '',
  ].join('\n'),
  'apps/api/src/modules/flights/flights.service.ts': [
    'export function search(): number {',
    '  return 1;',
    '}',
    '/** Used only by its test. */',
    'export function quote(): number {',
    '  return 2;',
    '}',
    '',
  ].join('\n'),
  'apps/api/src/modules/flights/flights.service.test.ts': [
    "import { expect, it } from 'vitest';",
    "import { quote } from './flights.service';",
    "it('quotes', () => expect(quote()).toBe(2));",
    '',
  ].join('\n'),
  'apps/api/src/modules/bookings/bookings.service.ts': [
    'export function book(): number {',
    '  return 1;',
    '}',
    '',
  ].join('\n'),
};

describe('unused exports (knip in npm run lint)', () => {
  let dir: string | undefined;

  /** Writes `cleanTree`, with `changes` (path → text) on top, into a new folder. */
  async function tree(changes: Record<string, string> = {}): Promise<string> {
    dir = await mkdtemp(join(tmpdir(), 'contrail-knip-'));
    for (const [path, text] of Object.entries({ ...cleanTree, ...changes })) {
      await mkdir(dirname(join(dir, path)), { recursive: true });
      await writeFile(join(dir, path), text);
    }
    return dir;
  }

  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it('passes a tree whose every export is used, by code or by a test', async () => {
    const run = await runKnip(await tree());

    expect(run.issues).toEqual([]);
    expect(run.code, run.output).toBe(0);
  });

  it('fails on an export nothing imports, an unused exported type and an unused file', async () => {
    const flights = 'apps/api/src/modules/flights/flights.service.ts';
    const run = await runKnip(
      await tree({
        [flights]: [
          cleanTree[flights],
          'export const SEARCH_TIMEOUT_MS = 1000;',
          'export interface SearchPage {',
          '  page: number;',
          '}',
          '',
        ].join('\n'),
        'apps/api/src/lib/leftover.ts': 'export const leftover = 1;\n',
      }),
    );

    expect(run.code, run.output).toBe(1);
    expect(run.issues.sort()).toEqual(
      [
        `exports ${flights} SEARCH_TIMEOUT_MS`,
        `types ${flights} SearchPage`,
        'files apps/api/src/lib/leftover.ts apps/api/src/lib/leftover.ts',
      ].sort(),
    );
  });

  it('fails on an export only its own file uses', async () => {
    const flights = 'apps/api/src/modules/flights/flights.service.ts';
    const run = await runKnip(
      await tree({
        [flights]: [
          'export function search(): number {',
          '  return pageSize();',
          '}',
          'export function pageSize(): number {',
          '  return 20;',
          '}',
          'export function quote(): number {',
          '  return 2;',
          '}',
          '',
        ].join('\n'),
      }),
    );

    expect(run.code, run.output).toBe(1);
    expect(run.issues).toEqual([`exports ${flights} pageSize`]);
  });

  it('is what the lint runs, with every default check', async () => {
    const scripts = (
      JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as {
        scripts: Record<string, string>;
      }
    ).scripts;

    expect(scripts.lint).toMatch(/&& knip &&/);
  });
});
