// @ts-check
/**
 * The import boundaries of the repository, checked by `npm run lint` (dependency-cruiser):
 *
 * - Apps import packages, never the reverse, and neither app imports the other.
 * - `packages/contracts` (the schemas shared by the API and the browser) imports only zod, plus the
 *   two data libraries its passenger schema checks phone numbers and nationalities with, and
 *   @date-fns/tz, through which its time module reads local times at airports.
 * - An API module (`apps/api/src/modules/<name>`) reaches another module only through that
 *   module's public files: its `*.service.ts` files and its `index.ts`. Its repositories, tables
 *   and other files are its own. Table files may reference other modules' tables (foreign keys);
 *   no other file reads another module's tables.
 * - The API's `lib/` imports no module.
 * - A flight provider's folder (`apps/api/src/providers/flights/<name>/`) imports no other
 *   provider's; only `providers/flights/sandbox/` reaches `packages/sandbox`, and
 *   `packages/reference-data` (the places every supplier names) imports nothing but itself.
 * - A route (`*.routes.ts`) reads no repository, table or database; a service (`*.service.ts`)
 *   imports no drizzle-orm: queries live in repositories.
 * - A web feature (`apps/web/src/features/<name>`) imports nothing of another feature but that
 *   feature's `index.ts`, and nothing of the app (`src/app/`, `main.tsx`); the shared code
 *   (`components/`, `lib/`, `theme/`) imports no feature.
 * - No import cycles anywhere, type-only imports included.
 *
 * Test files (`*.test.ts(x)`) may reach into any module or feature; they still may not form cycles.
 */

const TEST = '\\.test\\.tsx?$';
const MODULES = '^apps/api/src/modules/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      comment: 'Modules import each other in one direction only.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'packages-import-no-app',
      comment: 'Apps import packages, never the reverse.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'apps-import-no-other-app',
      comment: 'The API and the web app share code only through packages.',
      severity: 'error',
      from: { path: '^apps/([^/]+)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    {
      name: 'contracts-import-only-zod',
      comment:
        'The shared schemas run in the browser and in the API: they import zod and each other. ' +
        'The passenger schema also checks phone numbers and nationalities with ' +
        'libphonenumber-js and i18n-iso-countries, plain data libraries that run in both; local ' +
        'times at airports are read through @date-fns/tz, which runs in both too.',
      severity: 'error',
      from: { path: '^packages/contracts/src/', pathNot: TEST },
      to: {
        pathNot: [
          '^packages/contracts/src/',
          '(^|/)node_modules/zod/',
          '(^|/)node_modules/(libphonenumber-js|i18n-iso-countries|@date-fns/tz)/',
        ],
      },
    },
    {
      name: 'api-modules-through-public-files',
      comment:
        'Another module is reached only through its public files (its *.service.ts and index.ts), never its repository, table or helpers.',
      severity: 'error',
      from: {
        path: `${MODULES}([^/]+)/`,
        pathNot: [TEST, '\\.table\\.ts$'],
      },
      to: {
        path: MODULES,
        pathNot: [`${MODULES}$1/`, `${MODULES}[^/]+/(index|[^/]+\\.service)\\.ts$`],
      },
    },
    {
      name: 'api-tables-reference-tables',
      comment: "A table file imports only other modules' tables (its foreign keys).",
      severity: 'error',
      from: { path: `${MODULES}([^/]+)/[^/]+\\.table\\.ts$` },
      to: { path: MODULES, pathNot: [`${MODULES}$1/`, `${MODULES}[^/]+/[^/]+\\.table\\.ts$`] },
    },
    {
      name: 'api-flight-providers-apart',
      comment:
        'A flight provider is reached through the FlightSupplier interface (providers/flights/*.ts), never through another provider: Duffel knows nothing of the sandbox.',
      severity: 'error',
      from: { path: '^apps/api/src/providers/flights/([^/]+)/', pathNot: TEST },
      to: {
        path: '^apps/api/src/providers/flights/[^/]+/',
        pathNot: '^apps/api/src/providers/flights/$1/',
      },
    },
    {
      name: 'api-only-the-sandbox-provider-reaches-the-sandbox',
      comment:
        "The built-in airline (packages/sandbox) is one provider's: the API reaches it only in providers/flights/sandbox/. The places every supplier names are @contrail/reference-data's.",
      severity: 'error',
      from: { path: '^apps/api/src/', pathNot: ['^apps/api/src/providers/flights/sandbox/', TEST] },
      to: { path: '^packages/sandbox/' },
    },
    {
      name: 'reference-data-stands-alone',
      comment:
        'The reference data imports nothing but itself: the sandbox and the API build on it.',
      severity: 'error',
      from: { path: '^packages/reference-data/src/', pathNot: TEST },
      to: { pathNot: '^packages/reference-data/' },
    },
    {
      name: 'api-lib-imports-no-module',
      comment: 'lib/ holds helpers any part of the API may use; it depends on no module.',
      severity: 'error',
      from: { path: '^apps/api/src/lib/', pathNot: TEST },
      to: { path: MODULES },
    },
    {
      name: 'api-routes-no-repositories',
      comment:
        'A route answers through its services: it reads no repository, table or database itself.',
      severity: 'error',
      from: { path: '\\.routes\\.ts$', pathNot: TEST },
      to: {
        path: [
          '\\.repository\\.ts$',
          '\\.table\\.ts$',
          '(^|/)node_modules/drizzle-orm/|^drizzle-orm(/|$)',
          '^apps/api/src/db/',
        ],
      },
    },
    {
      name: 'api-services-no-drizzle',
      comment:
        'A service says what it needs of the database through its repositories: it writes no SQL and builds no query (drizzle-orm).',
      severity: 'error',
      from: { path: '\\.service\\.ts$', pathNot: TEST },
      to: { path: '(^|/)node_modules/drizzle-orm/|^drizzle-orm(/|$)' },
    },
    {
      name: 'web-shared-no-features',
      comment:
        "The web app's shared code (components, lib, theme) serves every feature and knows none of them.",
      severity: 'error',
      from: { path: '^apps/web/src/(components|lib|theme)/', pathNot: TEST },
      to: { path: '^apps/web/src/features/' },
    },
    {
      name: 'web-features-no-app',
      comment:
        'A feature is put in place by the app (routes, providers, layout), never the reverse.',
      severity: 'error',
      from: { path: '^apps/web/src/features/', pathNot: TEST },
      to: { path: ['^apps/web/src/app/', '^apps/web/src/main\\.tsx$'] },
    },
    {
      name: 'web-features-through-index',
      comment: "A feature imports another feature only through that feature's index.ts.",
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/', pathNot: TEST },
      to: {
        path: '^apps/web/src/features/',
        pathNot: ['^apps/web/src/features/$1/', '^apps/web/src/features/[^/]+/index\\.tsx?$'],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)(dist|coverage|test-results|playwright-report)/', '\\.gen\\.ts$'] },
    // `import type` counts: a cycle of types is a cycle of modules all the same.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
