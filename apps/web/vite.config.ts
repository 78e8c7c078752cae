import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|xml|webmanifest)$/;

/**
 * Writes `name.br` and `name.gz` beside every compressible file of the build, at the best
 * compression, for the server to send as they are (@fastify/static `preCompressed`): compressing
 * a 470 KB script again for every visitor cost the server tens of milliseconds of CPU and a
 * compression stream per response.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'contrail-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      const files = await readdir(outDir, { recursive: true, withFileTypes: true });
      await Promise.all(
        files
          .filter((file) => file.isFile() && COMPRESSIBLE.test(file.name))
          // The build's manifest (dist/.vite) is read by the bench, never served.
          .filter((file) => !relative(outDir, file.parentPath).startsWith('.vite'))
          .map(async (file) => {
            const path = join(file.parentPath, file.name);
            const body = await readFile(path);
            if (body.length < 1024) return;
            await writeFile(
              `${path}.br`,
              await brotli(body, {
                params: {
                  [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                  [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
                },
              }),
            );
            await writeFile(`${path}.gz`, await gzip(body, { level: 9 }));
          }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  resolve: {
    alias: {
      // The router's store asks for the shim of useSyncExternalStore, which stands in for it before
      // React 18; React 19 has it, and the same package's selector without the shim uses React's
      // own (about 0.3 KB gzipped less in the entry chunk).
      'use-sync-external-store/shim/with-selector': 'use-sync-external-store/with-selector',
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each route loads, read by bench/bundle-size.mjs.
    manifest: true,
    // No modulepreload polyfill in the entry chunk: browsers without `<link rel="modulepreload">`
    // (Safari before 17) still load each module when it is imported, only without the head start.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // The entry lists the file of every lazily loaded chunk (its preload map, about 130
        // files): names made of the hash alone keep that list, downloaded by every first visit,
        // about 1 KB smaller after gzip than `name-hash`.
        chunkFileNames: 'assets/[hash:7].js',
        // Everything the first page needs in one chunk: smaller after gzip than the same modules
        // spread over several preloaded chunks, which lazy routes would otherwise cause.
        codeSplitting: { groups: [{ name: 'shell', tags: ['$initial'] }] },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
});
