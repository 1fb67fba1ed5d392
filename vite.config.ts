import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { EARLY_REQUESTS } from './web/app/early-requests.ts';
import { projectPreloadRoutes } from './scripts/route-preload.mjs';
import { CHUNK_GROUPS } from './web/app/chunk-groups.ts';
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
 * statically, so every screen with a table downloads them, about 30 kB gzip. No Sidasek
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

/**
 * Fewer, larger chunks for the first screens. Left to the automatic split, every icon the
 * signed-in shell shares with antd's screens and every small module shared by two screens was a
 * chunk of its own: the teacher list asked for about 40 files, and on a slow connection (six
 * connections per host) each file costs a round trip before the screen draws. Two groups:
 * - `shell`: the signed-in layout's modules (menu, top bar, visit count) and the menu's icons,
 *   minus those the login page also uses (it must not download the shell); the icons antd's own
 *   components also use are copies (app/layouts/icons.ts), else screens outside the signed-in area
 *   (which use antd's Tabs, …) would download the shell;
 * - `lite`: the components of the screens drawn without antd (components/lite, the light export
 *   button); their icons are copies (components/lite/icons.ts), so no antd screen needs this chunk.
 * The layout module itself stays the lazy route's own chunk (scripts/web-budget.mjs finds routes by
 * their module).
 */
const SHELL_FILES: readonly string[] = CHUNK_GROUPS.shell;
const LITE_FILES: readonly string[] = CHUNK_GROUPS.lite;
const root = import.meta.dirname;
function iconsOf(files: string[]): Set<string> {
  const names = new Set<string>();
  for (const f of files)
    for (const m of readFileSync(path.resolve(root, f), 'utf8').matchAll(/@ant-design\/icons-svg\/es\/asn\/(\w+)/g))
      names.add(m[1]!);
  return names;
}
const loginIcons = iconsOf(['web/features/auth/login-page.tsx', 'web/app/layouts/dark-mode-switch.tsx']);
const shellIcons = [...iconsOf([...SHELL_FILES, 'web/app/layouts/app-layout.tsx'])].filter((n) => !loginIcons.has(n));
const relative = (id: string) => path.relative(root, id).split(path.sep).join('/');
const shellModule = (id: string): boolean => {
  if (SHELL_FILES.includes(relative(id))) return true;
  const icon = /[\\/]@ant-design[\\/]icons-svg[\\/]es[\\/]asn[\\/](\w+)\.js$/.exec(id);
  return !!icon && shellIcons.includes(icon[1]!);
};
const liteModule = (id: string): boolean => LITE_FILES.includes(relative(id));
/**
 * Three more groups of small modules, each of which was a file of 0.1 to 8 kB: on the teacher list
 * 19 files besides the entry, each a request with about 1 kB of headers and, over six connections
 * on a slow link, a round trip before the screen paints:
 * - `common`: what the login page shares with the signed-in screens (react-query's hooks, the
 *   icon wrapper, the dark-mode switch and the user icon), with formatting and the sign-out call;
 * - `first`: small helpers the first signed-in screens (teacher list, school detail, statistics)
 *   share: the pager, the download helper, the school query, the after-paint hook.
 *   Folded into `shell`, which every signed-in screen loads anyway;
 * - `guru-api`: the teacher screens' API hooks, paths, formatting and value lists.
 */
// Number and date formatting and the sign-out call are here too, not in `shell`: the public
// verification page and the password change would otherwise download the menu for them.
const COMMON_FILES: readonly string[] = CHUNK_GROUPS.common;
// react-query's hooks only: its client and provider are in the entry, and a group holding a module
// of the entry would pull the entry's own modules (session, API client…) out into files of their own.
const QUERY_HOOKS =
  /[\\/]@tanstack[\\/](query-core[\\/]build[\\/]modern[\\/](queryObserver|mutationObserver)|react-query[\\/]build[\\/]modern[\\/](IsRestoringProvider|QueryErrorResetBoundary|errorBoundaryUtils|suspense|useBaseQuery|useQuery|useMutation))\.js$/;
const commonModule = (id: string): boolean =>
  COMMON_FILES.includes(relative(id)) ||
  QUERY_HOOKS.test(id) ||
  /[\\/]@ant-design[\\/]icons-svg[\\/]es[\\/]asn[\\/](UserOutlined|MoonOutlined|SunOutlined)\.js$/.test(id);
const FIRST_FILES: readonly string[] = CHUNK_GROUPS.first;
const firstModule = (id: string): boolean => FIRST_FILES.includes(relative(id));
const GURU_API_FILES: readonly string[] = CHUNK_GROUPS.guruApi;
const guruApiModule = (id: string): boolean => GURU_API_FILES.includes(relative(id));

/**
 * Starts downloading the code of the screen the page opens on together with the entry, instead of
 * after the entry has run. Without it the router asks for a screen's chunks only once
 * the entry (React, the router, about 110 kB gzip) is downloaded and has run: on a slow connection
 * that puts a whole round of requests after it. This writes a small classic script,
 * `assets/route-preload-<hash>.js`, loaded `async` from index.html (the CSP allows no inline
 * script), which adds `<link rel="modulepreload">` (and `preload` for their CSS) for the lazy
 * modules of the routes below, with their static imports minus the entry's. The first pattern
 * matching `location.pathname` wins; the router still loads the modules as before (from the cache).
 * The table is generated from the router (scripts/route-preload.mjs).
 * The same script sends the screen's first API requests (EARLY_REQUESTS, web/app/early-requests.ts).
 */
// Generated from web/app/router.tsx (scripts/route-preload.mjs): the screens drawn without antd get
// their own modules, every other screen of a family the layout and antd's outlet.
const PRELOAD_ROUTES = projectPreloadRoutes(import.meta.dirname);

// The screens' first API requests, sent by the same script: web/app/early-requests.ts.

function routePreload(): Plugin {
  return {
    name: 'sidasek-route-preload',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byModule = new Map(chunks.filter((c) => c.facadeModuleId).map((c) => [relative(c.facadeModuleId!), c]));
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (start: string[]): Set<string> => {
        const seen = new Set<string>();
        const visit = (file: string) => {
          if (seen.has(file)) return;
          seen.add(file);
          for (const dep of byFile.get(file)?.imports ?? []) visit(dep);
        };
        start.forEach(visit);
        return seen;
      };
      const entry = chunks.find((c) => c.isEntry);
      const html = bundle['index.html'];
      if (!entry || !html || html.type !== 'asset')
        throw new Error('route-preload: no entry chunk or index.html in the bundle');
      const inEntry = closure([entry.fileName]);
      const table = PRELOAD_ROUTES.map(([pattern, modules]) => {
        const starts = modules.map((m) => {
          const chunk = byModule.get(m);
          if (!chunk) throw new Error(`route-preload: no chunk for ${m}`);
          return chunk.fileName;
        });
        const js = [...closure(starts)].filter((f) => !inEntry.has(f));
        const css = [...new Set(js.flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]))];
        return [pattern, js, css];
      });
      const source =
        `// Generated by vite.config.ts (routePreload): the first screen's code starts downloading with the entry.\n` +
        `(function(){var t=${JSON.stringify(table)},p=location.pathname,h=document.head;` +
        `for(var i=0;i<t.length;i++){if(!new RegExp(t[i][0]).test(p))continue;` +
        `t[i][1].forEach(function(f){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href='/'+f;h.appendChild(l)});` +
        `t[i][2].forEach(function(f){var l=document.createElement('link');l.rel='preload';l.as='style';l.crossOrigin='';l.href='/'+f;h.appendChild(l)});break}` +
        `var e=${JSON.stringify(EARLY_REQUESTS)},u=p+location.search,s;` +
        `try{s=JSON.parse(sessionStorage.getItem('user')||localStorage.getItem('user')||'null')}catch(x){}` +
        `if(s&&s.access_token&&window.fetch)for(i=0;i<e.length;i++){var m=new RegExp(e[i][0]).exec(u);if(!m)continue;var q=window.__sidasekEarly={};` +
        `e[i][1].forEach(function(a){a=a.replace(/\\$(\\d)/g,function(_,n){return encodeURIComponent(decodeURIComponent(m[n]))});` +
        `q[a]=fetch(a,{headers:{accept:'application/json',authorization:'Bearer '+s.access_token}})});break}})();\n`;
      const fileName = `assets/route-preload-${createHash('sha256').update(source).digest('hex').slice(0, 8)}.js`;
      this.emitFile({ type: 'asset', fileName, source });
      html.source = String(html.source).replace(
        '<script type="module"',
        `<script async src="/${fileName}"></script>\n    <script type="module"`,
      );
    },
  };
}

export default defineConfig({
  root: 'web',
  plugins: [react(), antdTableWithoutUnusedParts(), routePreload(), precompress()],
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
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            { name: 'shell', test: (id: string) => shellModule(id) || firstModule(id) },
            { name: 'lite', test: liteModule },
            { name: 'common', test: commonModule },
            { name: 'guru-api', test: guruApiModule },
          ],
        },
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
