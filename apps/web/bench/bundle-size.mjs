// The home page's initial JavaScript, gzipped: the entry script and every module it preloads,
// read from the built index.html (what a first visit downloads before anything is lazy-loaded).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const indexPath = join(dist, 'index.html');
if (!existsSync(indexPath)) {
  console.error('apps/web is not built: run `npm run build` first');
  process.exit(1);
}
const html = readFileSync(indexPath, 'utf8');
const scripts = [...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)].map((m) => m[1]);
const preloads = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map(
  (m) => m[1],
);
const styles = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map(
  (m) => m[1],
);

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

const js = size([...new Set([...scripts, ...preloads])]);
const css = size(styles);
const kb = (bytes) => Number((bytes / 1000).toFixed(1));
console.log(
  JSON.stringify({
    name: 'web.home.initial_js',
    files: scripts.length + preloads.length,
    js_raw_kb: kb(js.raw),
    js_gzip_kb: kb(js.gzip),
    css_gzip_kb: kb(css.gzip),
    budget: { js_gzip_kb: 150 },
    pass: js.gzip < 150_000,
  }),
);
