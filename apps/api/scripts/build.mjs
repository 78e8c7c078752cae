// Bundles the API into dist/: our workspace packages are compiled in, npm dependencies stay
// external and load from node_modules at run time.
import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const workspaceManifests = [
  join(root, 'package.json'),
  join(root, '..', '..', 'packages', 'contracts', 'package.json'),
  join(root, '..', '..', 'packages', 'sandbox', 'package.json'),
];
const external = new Set();
for (const file of workspaceManifests) {
  const manifest = JSON.parse(readFileSync(file, 'utf8'));
  for (const name of Object.keys(manifest.dependencies ?? {})) {
    if (!name.startsWith('@contrail/')) external.add(name);
  }
}

// API_DIST_DIR: another output directory (several checkouts or sessions building side by side).
const outdir = process.env.API_DIST_DIR ?? join(root, 'dist');
await build({
  entryPoints: {
    server: join(root, 'src', 'server.ts'),
    // Started by the server as a worker thread, from beside it (src/modules/flights/search-thread-pool.ts).
    'search-thread': join(root, 'src', 'modules', 'flights', 'search-thread.ts'),
  },
  outdir,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  // E-mail templates are React components (react/jsx-runtime stays external, from node_modules).
  jsx: 'automatic',
  sourcemap: true,
  external: [...external].flatMap((name) => [name, `${name}/*`]),
  logLevel: 'warning',
  banner: {
    // Bundled CommonJS helpers may call require(); give ESM output one.
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});
console.log(`API built into ${relative(process.cwd(), outdir) || '.'}`);
