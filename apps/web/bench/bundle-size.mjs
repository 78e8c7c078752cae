// The initial JavaScript of the home page and of the results page, gzipped at level 9 (what the
// server sends, `vite.config.ts` precompress):
// - web.home.initial_js: the entry script and every module it preloads, read from the built
//   index.html (what a first visit downloads before anything is lazy-loaded);
// - web.search.initial_js: the same, plus every chunk a first visit to /search loads before its
//   first render: the chunks the route imports (its page, and what its navigation runs before the
//   page, `src/app/public-routes.ts`) and everything they import statically, read from the
//   build's manifest. Chunks those pages load later (import() of their own) are not counted.
// Exits non-zero when either is over its budget.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const indexPath = join(dist, 'index.html');
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(indexPath) || !existsSync(manifestPath)) {
  console.error('apps/web is not built: run `npm run build` first');
  process.exit(1);
}

/** The modules the /search route imports: its page, and what its `beforeLoad` needs. */
const SEARCH_ROUTE_MODULES = [
  'src/app/routes/search.tsx',
  'src/features/flight-search/api/search-navigation.ts',
];

const html = readFileSync(indexPath, 'utf8');
const scripts = [...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)].map((m) => m[1]);
const preloads = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map(
  (m) => m[1],
);
const styles = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map(
  (m) => m[1],
);
const homeFiles = [...new Set([...scripts, ...preloads].map((file) => file.replace(/^\//, '')))];

/** @type {Record<string, {file: string; imports?: string[]; css?: string[]; dynamicImports?: string[]}>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

/** The files of `keys`' chunks and of every chunk they import statically, transitively. */
function staticClosure(keys) {
  const files = new Set();
  const css = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build's manifest has no chunk for ${key}`);
    files.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return { files: [...files], css: [...css] };
}

for (const source of SEARCH_ROUTE_MODULES) {
  if (!manifest[source]?.isDynamicEntry) {
    // The names above no longer match the router's imports.
    console.error(
      `${source} is not a lazily loaded chunk of the build: update bench/bundle-size.mjs`,
    );
    process.exit(1);
  }
}

const size = (files) =>
  files.reduce(
    (total, file) => {
      const bytes = readFileSync(join(dist, file.replace(/^\//, '')));
      return {
        raw: total.raw + bytes.length,
        gzip: total.gzip + gzipSync(bytes, { level: 9 }).length,
      };
    },
    { raw: 0, gzip: 0 },
  );
const kb = (bytes) => Number((bytes / 1000).toFixed(1));

let failed = false;
function report(name, jsFiles, cssFiles, budgetKb) {
  const js = size(jsFiles);
  const css = size(cssFiles);
  const pass = js.gzip < budgetKb * 1000;
  if (!pass) failed = true;
  console.log(
    JSON.stringify({
      name,
      files: jsFiles.length,
      js_raw_kb: kb(js.raw),
      js_gzip_kb: kb(js.gzip),
      css_gzip_kb: kb(css.gzip),
      budget: { js_gzip_kb: budgetKb },
      pass,
    }),
  );
}

const search = staticClosure(SEARCH_ROUTE_MODULES);
report('web.home.initial_js', homeFiles, styles, 120);
report(
  'web.search.initial_js',
  [...new Set([...homeFiles, ...search.files])],
  [...new Set([...styles.map((file) => file.replace(/^\//, '')), ...search.css])],
  160,
);
process.exit(failed ? 1 : 0);
