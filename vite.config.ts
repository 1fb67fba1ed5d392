import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';

/**
 * Writes .br and .gz next to every text asset of the build, once, at build time: the server sends
 * them as they are (@fastify/static `preCompressed`) instead of 765 kB of raw JavaScript on the
 * login page, with no compression work per request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'sidasek-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
      for (const e of entries) {
        if (!e.isFile() || !/\.(js|css|html|svg|json)$/.test(e.name) || e.parentPath.includes('.vite')) continue;
        const file = path.join(e.parentPath, e.name);
        const bytes = await readFile(file);
        if (bytes.length < 1024) continue;
        await writeFile(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        await writeFile(`${file}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  root: 'web',
  plugins: [react(), precompress()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    // dist/web/.vite/manifest.json: which files each route loads, read by scripts/web-budget.mjs.
    manifest: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      onwarn(warning, warn) {
        // antd and react-query ship 'use client' directives, meaningless in a plain SPA bundle.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
      treeshake: {
        // The contract's schemas are built at module level (`export const x = z.object(…)`); a
        // screen that only needs a constant of a contract module (e.g. ROLE_ADMIN) would otherwise
        // carry every schema of that module and zod with them (24 kB gzip in the first screen).
        // Building a zod schema has no effect outside its value, so unused ones may go. (A
        // top-level `z.config(…)` would be dropped too: configure zod inside a function instead.)
        manualPureFunctions: ['z'],
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
