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

/**
 * antd's Table imports its row selection (Checkbox, Radio, Dropdown, Menu), its column filter
 * dropdown (Tree, Menu, Dropdown, Checkbox, Radio, Input) and its virtual table (rc-virtual-list)
 * statically, so every screen with a table downloads them, about 30 kB gzip (issue 7). No Sidasek
 * table uses `rowSelection`, `filters`/`filterDropdown` or `virtual`: this build resolves those
 * three modules to stand-ins (web/build-stubs/) that keep the table's behaviour without them and
 * throw if a table asks for one of them. To use one of the three, delete its line below.
 */
function antdTableWithoutUnusedParts(): Plugin {
  const stubs = path.resolve(import.meta.dirname, 'web/build-stubs');
  const table = /[\\/]antd[\\/]es[\\/]table[\\/]/;
  const replaced: Record<string, string> = {
    './hooks/useSelection': 'antd-table-selection.js',
    './FilterDropdown': 'antd-table-filter-dropdown.js',
    './RcTable/VirtualTable': 'antd-table-virtual.js',
  };
  return {
    name: 'sidasek-antd-table-without-unused-parts',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !table.test(importer) || !(source in replaced)) return null;
      return path.join(stubs, replaced[source]!);
    },
  };
}

export default defineConfig({
  root: 'web',
  plugins: [react(), antdTableWithoutUnusedParts(), precompress()],
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
