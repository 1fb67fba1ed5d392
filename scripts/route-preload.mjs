// Which modules the route-preload script (vite.config.ts, routePreload) starts downloading with
// the entry, generated from web/app/router.tsx instead of a hand list that could go
// stale: the routes drawn without antd (the first screens: teacher list, school detail, statistics,
// login) each get their own modules; every other screen of a signed-in family gets the layout and
// antd's outlet, which all of them load. Read by vite.config.ts at build time and tested by
// scripts/route-preload.test.ts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseRoutes } from './web-budget.mjs';

const FAMILY = '(?:admin|operator)-(?:side|simple)';
const ANT_OUTLET = 'web/app/ant-app-outlet.tsx';

/** A route path as a pattern for `location.pathname` (`:family` a layout family, `:x` one segment). */
export function pathPattern(routePath) {
  if (routePath === '/') return '^/?$';
  const body = routePath
    .split('/')
    .map((seg) =>
      seg === ':family' ? FAMILY : seg.startsWith(':') ? '[^/]+' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return `^${body}/?$`;
}

/**
 * The preload table: `[pattern, modules]` in the order they are tried (the first match wins).
 * @param {string} routerSource  text of web/app/router.tsx
 * @param {string} routerDir  the router's folder relative to the project root (web/app)
 * @returns {[string, string[]][]}
 */
export function preloadRoutes(routerSource, routerDir = 'web/app') {
  const routes = parseRoutes(routerSource).map((r) => ({
    path: r.path.replace(/ \(.*\)$/, ''),
    modules: r.modules.map((m) => path.posix.normalize(path.posix.join(routerDir, m))),
  }));
  const table = [];
  const seen = new Set();
  const add = (pattern, modules) => {
    if (seen.has(pattern)) return;
    seen.add(pattern);
    table.push([pattern, modules]);
  };
  // Screens without antd, most specific first; a layout alone (a redirect) preloads nothing.
  const light = routes.filter(
    (r) =>
      !r.modules.includes(ANT_OUTLET) && !r.path.includes('*') && r.modules.at(-1) !== 'web/app/layouts/app-layout.tsx',
  );
  for (const r of light.filter((r) => r.path.startsWith('/:family/'))) add(pathPattern(r.path), r.modules);
  // Every other screen of a family: its layout and antd's outlet.
  const antd = routes.find((r) => r.path.startsWith('/:family/') && r.modules.includes(ANT_OUTLET));
  if (antd) add(`^/${FAMILY}(/|$)`, antd.modules.slice(0, antd.modules.indexOf(ANT_OUTLET) + 1));
  for (const r of light.filter((r) => !r.path.startsWith('/:family'))) add(pathPattern(r.path), r.modules);
  return table;
}

/** The table of the project's router. */
export function projectPreloadRoutes(root) {
  return preloadRoutes(readFileSync(path.join(root, 'web/app/router.tsx'), 'utf8'));
}
