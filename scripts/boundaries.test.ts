import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const config = join(root, '.dependency-cruiser.cjs');
const modulesConfig = join(root, '.dependency-cruiser-modules.cjs');
const depcruise = join(root, 'node_modules', '.bin', 'depcruise');

interface CruiseRun {
  code: number;
  /** `rule: from → to` per violation (a cycle: its first step), from the lint's report. */
  violations: string[];
  output: string;
}

/** Runs the boundary check with the lint's output in `cwd` (with `rules`, the lint's file). */
function cruise(cwd: string, args: string[], rules = config): Promise<CruiseRun> {
  return new Promise((resolve) => {
    execFile(
      depcruise,
      [...args, '--config', rules, '--output-type', 'err'],
      { cwd, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const output = stdout + stderr;
        const violations = [...output.matchAll(/^\s*error (\S+): (\S+) →\s+(\S+)/gm)].map(
          ([, rule, from, to]) => `${rule ?? ''}: ${from ?? ''} → ${to ?? ''}`,
        );
        resolve({ code: error ? Number(error.code ?? 1) : 0, violations, output });
      },
    );
  });
}

/**
 * A small tree laid out like the repository's, one file per kind of import: each comment says
 * whether the boundaries allow it.
 */
const fixture: Record<string, string> = {
  'apps/api/src/modules/payments/payments.table.ts': 'export const paymentsTable = 1;\n',
  'apps/api/src/modules/payments/payments.repository.ts':
    "import { paymentsTable } from './payments.table';\nexport const paymentsRepository = paymentsTable;\n",
  'apps/api/src/modules/payments/payments.service.ts': 'export const paymentsService = 1;\n',
  'apps/api/src/modules/payments/index.ts': 'export const paymentsIndex = 1;\n',
  'apps/api/src/modules/payments/checkout-owner.ts': 'export const checkoutOwner = 1;\n',
  'apps/api/src/modules/auth/auth.table.ts': 'export const usersTable = 1;\n',
  'apps/api/src/modules/auth/auth.service.ts': 'export const authService = 1;\n',
  'apps/api/src/modules/bookings/bookings.service.ts': [
    "import { paymentsService } from '../payments/payments.service'; // allowed: a service",
    "import { paymentsIndex } from '../payments'; // allowed: the index",
    "import { paymentsRepository } from '../payments/payments.repository'; // a repository",
    "import { paymentsTable } from '../payments/payments.table'; // a table",
    "import { checkoutOwner } from '../payments/checkout-owner'; // a helper",
    'export const bookings = [paymentsService, paymentsIndex, paymentsRepository, paymentsTable, checkoutOwner];',
    '',
  ].join('\n'),
  'apps/api/src/modules/bookings/bookings.table.ts': [
    "import { usersTable } from '../auth/auth.table'; // allowed: a foreign key",
    "import { authService } from '../auth/auth.service'; // a table imports only tables",
    'export const bookingsTable = [usersTable, authService];',
    '',
  ].join('\n'),
  'apps/api/src/modules/admin/back-office.repository.ts': [
    "import { usersTable } from '../auth/auth.table'; // the back office reads only its own tables",
    "import { authService } from '../auth/auth.service'; // allowed: a service",
    'export const backOffice = [usersTable, authService];',
    '',
  ].join('\n'),
  'apps/api/src/modules/bookings/bookings.routes.test.ts':
    "import { paymentsRepository } from '../payments/payments.repository'; // allowed in a test\nexport const t = paymentsRepository;\n",
  'apps/api/src/lib/helper.ts':
    "import { authService } from '../modules/auth/auth.service'; // lib imports no module\nexport const helper = authService;\n",
  'apps/api/src/lib/ping.ts': "import { pong } from './pong';\nexport const ping = () => pong;\n",
  'apps/api/src/lib/pong.ts': "import { ping } from './ping';\nexport const pong = () => ping;\n",
  'apps/api/src/providers/flights/flight-supplier.ts': 'export const supplierInterface = 1;\n',
  'apps/api/src/providers/flights/sandbox/sandbox-supplier.ts': [
    "import { network } from '../../../../../../packages/sandbox/src/network'; // allowed: its own",
    'export const sandboxSupplier = network;',
    '',
  ].join('\n'),
  'apps/api/src/providers/flights/duffel/duffel-supplier.ts': [
    "import { supplierInterface } from '../flight-supplier'; // allowed: the interface",
    "import { places } from '../../../../../../packages/reference-data/src/places'; // allowed",
    "import { sandboxSupplier } from '../sandbox/sandbox-supplier'; // another provider",
    "import { network } from '../../../../../../packages/sandbox/src/network'; // the sandbox",
    'export const duffel = [supplierInterface, places, sandboxSupplier, network];',
    '',
  ].join('\n'),
  'packages/sandbox/src/network.ts':
    "import { places } from '../../reference-data/src/places'; // allowed\nexport const network = places;\n",
  'packages/reference-data/src/places.ts': [
    "import { hash } from './hash'; // allowed: its own",
    "import { schema } from '../../contracts/src/schema'; // it stands alone",
    'export const places = [hash, schema];',
    '',
  ].join('\n'),
  'packages/reference-data/src/hash.ts': 'export const hash = 1;\n',
  'apps/api/src/modules/payments/payments.routes.ts': [
    "import { paymentsService } from './payments.service'; // allowed: its service",
    "import { paymentsRepository } from './payments.repository'; // a route reads no repository",
    "import { eq } from 'drizzle-orm'; // nor queries",
    'export const routes = [paymentsService, paymentsRepository, eq];',
    '',
  ].join('\n'),
  'apps/api/src/modules/auth/auth.repository.ts':
    "import { eq } from 'drizzle-orm'; // allowed: a repository queries\nexport const authRepository = eq;\n",
  'apps/api/src/modules/brands/brands.service.ts':
    "import { sql } from 'drizzle-orm'; // a service builds no query\nexport const brandsService = sql;\n",
  'apps/web/src/lib/format.ts':
    "import { checkout } from '../features/checkout'; // shared code knows no feature\nexport const format = checkout;\n",
  'apps/web/src/app/router.tsx':
    "import { page } from '../features/trips/trips-page'; // allowed: the app puts features in place\nexport const router = page;\n",
  'apps/web/src/features/checkout/checkout-page.tsx':
    "import { router } from '../../app/router'; // a feature imports nothing of the app\nexport const checkoutPage = router;\n",
  'apps/web/src/features/checkout/index.ts': 'export const checkout = 1;\n',
  'apps/web/src/features/checkout/api/checkout-api.ts': 'export const checkoutApi = 1;\n',
  'apps/web/src/features/trips/trips-page.tsx': [
    "import { checkout } from '../checkout'; // allowed: the feature's index",
    "import { checkoutApi } from '../checkout/api/checkout-api'; // another feature's internals",
    'export const page = [checkout, checkoutApi];',
    '',
  ].join('\n'),
  'apps/web/src/lib/api-reach.ts':
    "import { helper } from '../../../api/src/lib/helper'; // one app imports the other\nexport const reach = helper;\n",
  'packages/contracts/src/schema.ts': [
    "import { readFileSync } from 'node:fs'; // contracts import only zod",
    "import { helper } from '../../../apps/api/src/lib/helper'; // a package imports an app",
    'export const schema = [readFileSync, helper];',
    '',
  ].join('\n'),
};

describe('import boundaries (npm run lint)', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'contrail-boundaries-'));
    for (const [path, text] of Object.entries(fixture)) {
      await mkdir(dirname(join(dir, path)), { recursive: true });
      await writeFile(join(dir, path), text);
    }
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('reports every import across a boundary, and only those', async () => {
    const run = await cruise(dir, ['apps', 'packages']);

    expect(run.code, run.output).not.toBe(0);
    expect(run.violations.sort()).toEqual(
      [
        'api-modules-through-public-files: apps/api/src/modules/bookings/bookings.service.ts → apps/api/src/modules/payments/payments.repository.ts',
        'api-modules-through-public-files: apps/api/src/modules/bookings/bookings.service.ts → apps/api/src/modules/payments/payments.table.ts',
        'api-modules-through-public-files: apps/api/src/modules/bookings/bookings.service.ts → apps/api/src/modules/payments/checkout-owner.ts',
        'api-tables-reference-tables: apps/api/src/modules/bookings/bookings.table.ts → apps/api/src/modules/auth/auth.service.ts',
        'api-modules-through-public-files: apps/api/src/modules/admin/back-office.repository.ts → apps/api/src/modules/auth/auth.table.ts',
        'api-lib-imports-no-module: apps/api/src/lib/helper.ts → apps/api/src/modules/auth/auth.service.ts',
        'no-cycle: apps/api/src/lib/ping.ts → apps/api/src/lib/pong.ts',
        'web-features-through-index: apps/web/src/features/trips/trips-page.tsx → apps/web/src/features/checkout/api/checkout-api.ts',
        'apps-import-no-other-app: apps/web/src/lib/api-reach.ts → apps/api/src/lib/helper.ts',
        'contracts-import-only-zod: packages/contracts/src/schema.ts → fs',
        'contracts-import-only-zod: packages/contracts/src/schema.ts → apps/api/src/lib/helper.ts',
        'packages-import-no-app: packages/contracts/src/schema.ts → apps/api/src/lib/helper.ts',
        'api-flight-providers-apart: apps/api/src/providers/flights/duffel/duffel-supplier.ts → apps/api/src/providers/flights/sandbox/sandbox-supplier.ts',
        'api-only-the-sandbox-provider-reaches-the-sandbox: apps/api/src/providers/flights/duffel/duffel-supplier.ts → packages/sandbox/src/network.ts',
        'reference-data-stands-alone: packages/reference-data/src/places.ts → packages/contracts/src/schema.ts',
        'api-routes-no-repositories: apps/api/src/modules/payments/payments.routes.ts → apps/api/src/modules/payments/payments.repository.ts',
        'api-routes-no-repositories: apps/api/src/modules/payments/payments.routes.ts → drizzle-orm',
        'api-services-no-drizzle: apps/api/src/modules/brands/brands.service.ts → drizzle-orm',
        'web-shared-no-features: apps/web/src/lib/format.ts → apps/web/src/features/checkout/index.ts',
        'web-features-no-app: apps/web/src/features/checkout/checkout-page.tsx → apps/web/src/app/router.tsx',
      ].sort(),
    );
  });

  it('reports a cycle between API modules, through any of their files, and not within one', async () => {
    const cycle: Record<string, string> = {
      'apps/api/src/modules/bookings/bookings.service.ts':
        "import { pay } from '../payments/payments.service';\nexport const book = pay;\n",
      'apps/api/src/modules/payments/payments.service.ts':
        "import { pricing } from './pricing';\nexport const pay = pricing;\n",
      // The way back goes through another file of the module, and a type only.
      'apps/api/src/modules/payments/pricing.ts':
        "import type { Booking } from '../bookings/booking';\nexport const pricing = 1 as unknown as Booking;\n",
      'apps/api/src/modules/bookings/booking.ts': 'export interface Booking {\n  id: string;\n}\n',
      'apps/api/src/modules/bookings/bookings.routes.ts':
        "import { book } from './bookings.service';\nexport const routes = book;\n",
      // A test may reach anywhere: it makes no cycle.
      'apps/api/src/modules/brands/brands.test.ts':
        "import { book } from '../bookings/bookings.service';\nexport const t = book;\n",
      'apps/api/src/modules/brands/brands.service.ts': 'export const brands = 1;\n',
    };
    const cycleDir = await mkdtemp(join(tmpdir(), 'contrail-module-cycle-'));
    try {
      for (const [path, text] of Object.entries(cycle)) {
        await mkdir(dirname(join(cycleDir, path)), { recursive: true });
        await writeFile(join(cycleDir, path), text);
      }
      const run = await cruise(cycleDir, ['apps/api/src/modules'], modulesConfig);
      expect(run.code, run.output).not.toBe(0);
      expect(run.output).toMatch(/no-module-cycle: apps\/api\/src\/modules\/bookings/);
      expect(run.output).toMatch(/no-module-cycle: apps\/api\/src\/modules\/payments/);
      expect(run.output).not.toMatch(/no-module-cycle: apps\/api\/src\/modules\/brands/);
    } finally {
      await rm(cycleDir, { recursive: true, force: true });
    }
  });

  it('finds no violation in the repository, with the commands the lint runs', async () => {
    const scripts = (
      JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as {
        scripts: Record<string, string>;
      }
    ).scripts;
    expect(scripts.lint).toContain('npm run lint:boundaries');
    const commands = (scripts['lint:boundaries'] ?? '').split(' && ');
    const configs: string[] = [];
    for (const text of commands) {
      const [command, ...args] = text.split(' ');
      expect(command).toBe('depcruise');
      const configAt = args.indexOf('--config');
      const rules = args[configAt + 1] ?? '';
      configs.push(rules);
      args.splice(configAt, 2);

      const run = await cruise(root, args, join(root, rules));

      expect(run.violations).toEqual([]);
      expect(run.code, run.output).toBe(0);
      expect(run.output).toContain('no dependency violations found');
    }
    expect(configs).toEqual(['.dependency-cruiser.cjs', '.dependency-cruiser-modules.cjs']);
  });
});
