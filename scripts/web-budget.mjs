// Route budgets of the web app: after `vite build`, sums for every route of the SPA the
// gzip size of the JavaScript and CSS the browser loads before the route's screen renders, and
// fails when a route's JavaScript is over its budget (scripts/web-budget.json).
//
// What a route loads is read from Vite's manifest (dist/web/.vite/manifest.json), never guessed
// from file names: the entry (index.html) with its static import closure, plus the lazy module of
// the route and of each lazy parent route (layouts), with their static import closures. CSS is
// every `css` file of those chunks. What a screen imports itself with `import()` later (charts,
// maps, forms opened by a button, other tabs) is not in that sum; it is shown apart ("on demand").
// Routes and their lazy modules are read from web/app/router.tsx with the TypeScript parser, so a
// new lazy route is measured without touching this script.
//
//   node scripts/web-budget.mjs [--dist dist/web] [--router web/app/router.tsx]
//                               [--budgets scripts/web-budget.json] [--json] [--strict] [--suggest]
//
//   --json     the rows as JSON (with the files of each route)
//   --strict   also fail for routes over the issue targets that web-budget.json lets through
//   --suggest  print budgets fitted to this build (current size + 2 %, rounded up to 5 kB)
//
// Sizes are gzip level 9 (as Vite reports them), in kB of 1000 bytes.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

/** Pseudo-route: the entry alone (React, router, antd's provider, guards), loaded on every URL. */
export const ENTRY = '(entry)';

// ---------------------------------------------------------------------------------------------
// Routes from the router source

/**
 * The routes of a react-router `RouteObject[]` source: every object literal with a `path` and a
 * `lazy` property (or a `Component` that loads its screen with `import('…')`), its full path, and
 * the modules it loads: the `import('…')` of its own `lazy`
 * and of every ancestor route with one (lazy layout routes, with or without a path). Parent paths
 * are joined; a template `${family}` becomes `:family`; a conditional path gives both branches.
 * Walks from the `routes` array, into local functions called there (e.g. `screensOf(family)`) and
 * the consts it names, so children built by a helper get their parent's path. Two routes with the
 * same path and different modules (e.g. the admin and operator dashboards) are told apart by their
 * module's file name.
 * @param {string} source  text of router.tsx
 * @param {string} fileName
 * @returns {{ path: string, modules: string[] }[]}
 */
export function parseRoutes(source, fileName = 'router.tsx') {
  const sf = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  /** @type {Map<string, ts.Node>} */
  const consts = new Map();
  /** @type {Map<string, ts.FunctionDeclaration>} */
  const functions = new Map();
  for (const st of sf.statements) {
    if (ts.isFunctionDeclaration(st) && st.name) functions.set(st.name.text, st);
    if (ts.isVariableStatement(st)) {
      for (const d of st.declarationList.declarations)
        if (ts.isIdentifier(d.name) && d.initializer) consts.set(d.name.text, d.initializer);
    }
  }
  const root = consts.get('routes');
  if (!root) throw new Error(`${fileName}: no \`routes\` array`);

  /** @returns {string | null} the first `import('…')` specifier inside node, following the consts it names */
  const importIn = (node) => {
    let found = null;
    const followed = new Set();
    const visit = (n) => {
      if (found) return;
      if (
        ts.isCallExpression(n) &&
        n.expression.kind === ts.SyntaxKind.ImportKeyword &&
        n.arguments[0] &&
        ts.isStringLiteralLike(n.arguments[0])
      ) {
        found = n.arguments[0].text;
        return;
      }
      const named = ts.isIdentifier(n) ? (consts.get(n.text) ?? functions.get(n.text)) : undefined;
      if (named && !followed.has(n.text)) {
        followed.add(n.text);
        visit(named);
        return;
      }
      ts.forEachChild(n, visit);
    };
    visit(node);
    return found;
  };
  /** @returns {string[]} the values a path expression can take */
  const pathValues = (e) => {
    if (ts.isStringLiteralLike(e)) return [e.text];
    if (ts.isTemplateExpression(e))
      return [e.head.text + e.templateSpans.map((s) => `:${s.expression.getText(sf)}${s.literal.text}`).join('')];
    if (ts.isConditionalExpression(e)) return [...pathValues(e.whenTrue), ...pathValues(e.whenFalse)];
    if (ts.isParenthesizedExpression(e)) return pathValues(e.expression);
    throw new Error(`${fileName}: path not understood: ${e.getText(sf)}`);
  };
  const join = (parent, child) => (child.startsWith('/') ? child : `${parent.replace(/\/$/, '')}/${child}`);
  const prop = (obj, name) =>
    obj.properties.find(
      (p) =>
        ts.isPropertyAssignment(p) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) && p.name.text === name,
    );

  /** @type {{ path: string, modules: string[] }[]} */
  const found = [];
  const seen = new Set();
  const active = new Set();
  /** @param {{ path: string, modules: string[] }[]} ctx  the possible parents of node */
  const walk = (node, ctx) => {
    if (ts.isObjectLiteralExpression(node)) {
      const p = prop(node, 'path');
      const lazy = prop(node, 'lazy');
      // A route whose Component loads its screen itself (React.lazy inside, e.g. the teacher list).
      const component = prop(node, 'Component');
      const module = lazy ? importIn(lazy.initializer) : component ? importIn(component.initializer) : null;
      if (lazy && !module) throw new Error(`${fileName}: lazy without import(): ${lazy.getText(sf)}`);
      const here = ctx.flatMap((parent) =>
        (p ? pathValues(p.initializer) : ['']).map((v) => ({
          path: join(parent.path, v),
          modules: module ? [...parent.modules, module] : parent.modules,
        })),
      );
      if (module && p) {
        for (const route of here) {
          const key = `${route.path}\u0000${route.modules.join()}`;
          if (seen.has(key)) continue;
          seen.add(key);
          found.push({ path: route.path || '/', modules: route.modules });
        }
      }
      for (const pr of node.properties) if (pr !== p && pr !== lazy && pr !== component) walk(pr, here);
      return;
    }
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      functions.has(node.expression.text) &&
      !active.has(node.expression.text)
    ) {
      const name = node.expression.text;
      active.add(name);
      walk(/** @type {ts.FunctionDeclaration} */ (functions.get(name)).body, ctx);
      active.delete(name);
    }
    ts.forEachChild(node, (c) => walk(c, ctx));
  };
  walk(root, [{ path: '', modules: [] }]);

  const count = new Map();
  for (const r of found) count.set(r.path, (count.get(r.path) ?? 0) + 1);
  const base = (m) => m.replace(/^.*\//, '').replace(/\.[jt]sx?$/, '');
  return found.map((r) => ({
    path: count.get(r.path) > 1 ? `${r.path} (${base(r.modules.at(-1))})` : r.path,
    modules: r.modules,
  }));
}

// ---------------------------------------------------------------------------------------------
// Files each route loads, from the manifest

/**
 * The JS and CSS files of some manifest chunks and their static import closure, and the dynamic
 * imports found in that closure.
 * @param {Record<string, {file: string, imports?: string[], dynamicImports?: string[], css?: string[]}>} manifest
 * @param {string[]} keys  manifest keys to start from
 */
export function filesOf(manifest, keys) {
  const js = new Set();
  const css = new Set();
  const dynamic = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest has no chunk ${key}`);
    js.add(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
    for (const d of chunk.dynamicImports ?? []) dynamic.add(d);
    for (const i of chunk.imports ?? []) visit(i);
  };
  keys.forEach(visit);
  return { js: [...js].sort(), css: [...css].sort(), dynamic: [...dynamic].sort() };
}

/**
 * What a route may load after its screen rendered: the dynamic imports of its chunks (not those
 * of the router, which are the other routes), transitively, with their static closures, minus
 * what the route already loaded.
 */
export function onDemandOf(manifest, loaded, dynamic, routeModules) {
  const have = new Set(loaded.js);
  const js = new Set();
  const todo = dynamic.filter((d) => !routeModules.has(d));
  const done = new Set();
  while (todo.length) {
    const key = /** @type {string} */ (todo.pop());
    if (done.has(key)) continue;
    done.add(key);
    const more = filesOf(manifest, [key]);
    for (const f of more.js) if (!have.has(f)) js.add(f);
    for (const d of more.dynamic) if (!routeModules.has(d)) todo.push(d);
  }
  return [...js].sort();
}

/** The manifest key of a module imported by the router (`../features/x.tsx` → `features/x.tsx`). */
export function manifestKeyOf(manifest, routerDir, specifier, viteRoot) {
  const key = path.relative(viteRoot, path.resolve(routerDir, specifier)).split(path.sep).join('/');
  if (!manifest[key])
    throw new Error(`the manifest has no chunk for ${specifier} (looked for ${key}); is the build current?`);
  return key;
}

export function entryKeyOf(manifest) {
  const entries = Object.entries(manifest).filter(([, c]) => c.isEntry);
  if (entries.length !== 1) throw new Error(`expected one entry in the manifest, found ${entries.length}`);
  return entries[0][0];
}

/**
 * One row per route, after the entry alone (ENTRY).
 * @param {object} manifest
 * @param {{ path: string, keys: string[] }[]} routes  routes with the manifest keys of their lazy modules
 * @param {(file: string) => number} sizeOf  gzip bytes of a dist file
 */
export function measure(manifest, routes, sizeOf) {
  const entry = entryKeyOf(manifest);
  const routeModules = new Set(routes.flatMap((r) => r.keys));
  const sum = (files) => files.reduce((t, f) => t + sizeOf(f), 0);
  return [{ path: ENTRY, keys: [] }, ...routes].map((r) => {
    const loaded = filesOf(manifest, [entry, ...r.keys]);
    const later = onDemandOf(manifest, loaded, loaded.dynamic, routeModules);
    return {
      route: r.path,
      modules: r.keys,
      jsFiles: loaded.js,
      cssFiles: loaded.css,
      laterFiles: later,
      js: sum(loaded.js),
      css: sum(loaded.css),
      later: sum(later),
    };
  });
}

/**
 * Budgets (kB) and verdicts. The issue's targets are `limits.firstScreen` for the routes listed in
 * `firstScreen` and `limits.route` for the others. A route's budget is its entry in `routes`
 * (which may not exceed its target), else its entry in `overTarget` (a route still above its
 * target: its budget only stops it growing), else its target.
 */
export function judge(rows, budgets, { strict = false } = {}) {
  const errors = [];
  const first = new Set(budgets.firstScreen ?? []);
  const judged = rows.map((r) => {
    const target = first.has(r.route) ? budgets.limits.firstScreen : budgets.limits.route;
    const own = budgets.routes?.[r.route];
    const over = budgets.overTarget?.[r.route];
    if (own !== undefined && own > target)
      errors.push(
        `the budget of ${r.route} (${own} kB) is above its target ${target} kB; routes still above their target go under "overTarget"`,
      );
    if (own !== undefined && over !== undefined)
      errors.push(`${r.route} has a budget both in "routes" and in "overTarget"`);
    const budget = own !== undefined ? Math.min(own, target) : (over ?? target);
    const withinBudget = r.js <= budget * 1000;
    const withinTarget = r.js <= target * 1000;
    if (!withinBudget) errors.push(`${r.route}: JavaScript ${kB(r.js)} kB gzip is over its budget of ${budget} kB`);
    else if (strict && !withinTarget)
      errors.push(`${r.route}: JavaScript ${kB(r.js)} kB gzip is over its target of ${target} kB`);
    const status = !withinBudget ? 'OVER BUDGET' : withinTarget ? 'OK' : 'over target';
    return {
      ...r,
      target,
      budget,
      status,
      ok: withinBudget && (!strict || withinTarget),
      defaulted: own === undefined && over === undefined,
    };
  });
  const known = new Set(rows.map((r) => r.route));
  const stale = [...Object.keys(budgets.routes ?? {}), ...Object.keys(budgets.overTarget ?? {})].filter(
    (k) => !known.has(k),
  );
  for (const k of budgets.firstScreen ?? []) if (!known.has(k)) stale.push(k);
  return { rows: judged, errors, stale };
}

/** Budgets fitted to a build: size + 2 %, rounded up to 5 kB; above-target routes in `overTarget`. */
export function suggest(judged) {
  const routes = {};
  const overTarget = {};
  for (const r of judged) {
    const fitted = Math.ceil((r.js * 1.02) / 5000) * 5;
    if (r.js <= r.target * 1000) routes[r.route] = Math.min(fitted, r.target);
    else overTarget[r.route] = fitted;
  }
  return { routes, overTarget };
}

export const kB = (bytes) => (bytes / 1000).toFixed(1);

export function formatTable(judged) {
  const head = ['route', 'JS kB', 'CSS kB', 'budget', 'target', '', 'on demand kB'];
  const body = judged.map((r) => [
    r.route,
    kB(r.js),
    kB(r.css),
    `${r.budget}${r.defaulted ? '*' : ''}`,
    String(r.target),
    r.status,
    r.later ? kB(r.later) : '',
  ]);
  const width = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const left = new Set([0, 5]);
  const line = (cells) =>
    cells
      .map((c, i) => (left.has(i) ? c.padEnd(width[i]) : c.padStart(width[i])))
      .join('  ')
      .trimEnd();
  return [line(head), line(width.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}

// ---------------------------------------------------------------------------------------------

function main() {
  const root = path.resolve(import.meta.dirname, '..');
  const args = process.argv.slice(2);
  const opt = (name, fallback) => {
    const i = args.indexOf(name);
    return i >= 0 && args[i + 1] ? path.resolve(args[i + 1]) : fallback;
  };
  const rel = (p) => path.relative(root, p) || '.';
  const dist = opt('--dist', path.join(root, 'dist/web'));
  const routerFile = opt('--router', path.join(root, 'web/app/router.tsx'));
  const budgetFile = opt('--budgets', path.join(root, 'scripts/web-budget.json'));
  const viteRoot = path.dirname(path.dirname(routerFile)); // web/app/router.tsx → web (vite.config.ts root)
  const manifestFile = path.join(dist, '.vite/manifest.json');
  if (!existsSync(manifestFile)) {
    console.error(`${rel(manifestFile)} is missing: run \`npx vite build\` first (vite.config.ts has build.manifest).`);
    process.exitCode = 2;
    return;
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const budgets = JSON.parse(readFileSync(budgetFile, 'utf8'));
  const routes = parseRoutes(readFileSync(routerFile, 'utf8'), routerFile).map((r) => ({
    path: r.path,
    keys: r.modules.map((m) => manifestKeyOf(manifest, path.dirname(routerFile), m, viteRoot)),
  }));
  const cache = new Map();
  const sizeOf = (file) => {
    if (!cache.has(file)) cache.set(file, gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length);
    return cache.get(file);
  };
  const { rows, errors, stale } = judge(measure(manifest, routes, sizeOf), budgets, {
    strict: args.includes('--strict'),
  });

  if (args.includes('--suggest')) {
    console.log(JSON.stringify(suggest(rows), null, 2));
    return;
  }
  if (args.includes('--json')) {
    console.log(JSON.stringify(rows, null, 2));
  } else {
    console.log(formatTable(rows));
    const over = rows.filter((r) => r.status === 'over target').length;
    console.log(`
JS, CSS: entry + the lazy chunks of the route and its layouts + their static imports (Vite manifest),
gzip -9, kB of 1000 bytes. budget: from ${rel(budgetFile)}; * = none there, the target applies.
target (docs/performance.md): ${budgets.limits.firstScreen} kB for the first screens, ${budgets.limits.route} kB for the other routes.
on demand: JavaScript the screen imports itself afterwards (charts, maps, forms, other tabs).${over ? `\n${over} route(s) are over their target; their budgets in "overTarget" only keep them from growing.` : ''}`);
  }
  for (const s of stale)
    console.warn(`warning: ${rel(budgetFile)} names ${s}, which is no route of ${rel(routerFile)}`);
  if (errors.length) {
    console.error(`\nJavaScript budget exceeded:\n${errors.map((e) => `  - ${e}`).join('\n')}`);
    process.exitCode = 1; // not process.exit(): a large --json output to a pipe must be flushed first
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  try {
    main();
  } catch (err) {
    console.error(`web-budget: ${/** @type {Error} */ (err).message}`);
    process.exitCode = 2;
  }
}
