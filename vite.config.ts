import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  root: 'web',
  plugins: [react()],
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
