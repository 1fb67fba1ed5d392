import { describe, expect, it } from 'vitest';
import { ENTRY, judge, measure, parseRoutes, type Budgets, type Manifest } from './web-budget.mjs';

// A small app: an entry sharing a vendor chunk with the pages, a lazy layout with two screens, a
// login page, and a statistics screen that imports its charts later.
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_vendor.js'],
    css: ['assets/index.css'],
    dynamicImports: ['features/login.tsx', 'app/layout.tsx', 'features/list.tsx', 'features/stats.tsx'],
  },
  '_vendor.js': { file: 'assets/vendor.js' },
  '_table.js': { file: 'assets/table.js', imports: ['_vendor.js'], css: ['assets/table.css'] },
  'features/login.tsx': { file: 'assets/login.js', isDynamicEntry: true, imports: ['_vendor.js'] },
  'app/layout.tsx': { file: 'assets/layout.js', isDynamicEntry: true, imports: ['_vendor.js'] },
  'features/list.tsx': { file: 'assets/list.js', isDynamicEntry: true, imports: ['_table.js'] },
  'features/stats.tsx': {
    file: 'assets/stats.js',
    isDynamicEntry: true,
    imports: ['_table.js'],
    dynamicImports: ['features/charts.tsx'],
  },
  'features/charts.tsx': { file: 'assets/charts.js', isDynamicEntry: true, imports: ['_vendor.js', '_echarts.js'] },
  '_echarts.js': { file: 'assets/echarts.js' },
};
const size: Record<string, number> = {
  'assets/index.js': 50_000,
  'assets/vendor.js': 100_000,
  'assets/index.css': 1_000,
  'assets/login.js': 30_000,
  'assets/layout.js': 40_000,
  'assets/table.js': 60_000,
  'assets/table.css': 2_000,
  'assets/list.js': 10_000,
  'assets/stats.js': 5_000,
  'assets/charts.js': 3_000,
  'assets/echarts.js': 200_000,
};
const routes = [
  { path: '/login', keys: ['features/login.tsx'] },
  { path: '/:family', keys: ['app/layout.tsx'] },
  { path: '/:family/list', keys: ['app/layout.tsx', 'features/list.tsx'] },
  { path: '/:family/stats', keys: ['app/layout.tsx', 'features/stats.tsx'] },
];
const sizeOf = (f: string) => size[f]!;

describe('web-budget', () => {
  it('sums the entry, the lazy chunks of a route and of its layouts, and their static imports, once each', () => {
    const rows = Object.fromEntries(measure(manifest, routes, sizeOf).map((r) => [r.route, r]));
    expect(rows[ENTRY]!.js).toBe(150_000);
    expect(rows['/login']!.js).toBe(180_000);
    expect(rows['/:family']!.js).toBe(190_000);
    expect(rows['/:family/list']!.jsFiles).toEqual([
      'assets/index.js',
      'assets/layout.js',
      'assets/list.js',
      'assets/table.js',
      'assets/vendor.js',
    ]);
    expect(rows['/:family/list']!.js).toBe(260_000);
    expect(rows['/:family/list']!.css).toBe(3_000);
    // The charts come later: counted apart, without what the route already loaded (vendor).
    expect(rows['/:family/stats']!.js).toBe(255_000);
    expect(rows['/:family/stats']!.laterFiles).toEqual(['assets/charts.js', 'assets/echarts.js']);
    expect(rows['/:family/stats']!.later).toBe(203_000);
    // The router's own dynamic imports are the other routes, not something a screen loads later.
    expect(rows['/login']!.later).toBe(0);
  });

  it('fails a route over its budget, lets an over-target route through only under overTarget, and refuses a budget above the target', () => {
    const rows = measure(manifest, routes, sizeOf);
    const budgets: Budgets = {
      limits: { firstScreen: 200, route: 250 },
      firstScreen: [ENTRY, '/login', '/:family'],
      routes: { '/login': 185, '/:family': 190 },
      overTarget: { '/:family/list': 265, '/:family/stats': 255 },
    };
    const ok = judge(rows, budgets);
    expect(ok.errors).toEqual([]);
    expect(ok.rows.find((r) => r.route === '/:family/list')!.status).toBe('over target');
    expect(ok.rows.find((r) => r.route === ENTRY)).toMatchObject({ budget: 200, defaulted: true, status: 'OK' });
    expect(judge(rows, budgets, { strict: true }).errors).toEqual([
      '/:family/list: JavaScript 260.0 kB gzip is over its target of 250 kB',
      '/:family/stats: JavaScript 255.0 kB gzip is over its target of 250 kB',
    ]);

    const grown = judge(rows, { ...budgets, routes: { '/login': 175, '/:family': 190 } });
    expect(grown.errors).toEqual(['/login: JavaScript 180.0 kB gzip is over its budget of 175 kB']);
    expect(grown.rows.find((r) => r.route === '/login')!.status).toBe('OVER BUDGET');

    const tooHigh = judge(rows, {
      ...budgets,
      routes: { '/login': 210, '/:family': 190 },
      overTarget: { ...budgets.overTarget, '/gone': 100 },
    });
    expect(tooHigh.errors[0]).toMatch(/budget of \/login \(210 kB\) is above its target 200 kB/);
    expect(tooHigh.stale).toEqual(['/gone']);
  });

  it('reads routes, nested lazy layouts and helper functions from a router source', () => {
    const source = `
      const loginPage = () => import('../features/login.tsx').then((m) => ({ Component: m.Login }));
      const layout = (family: string) => () => import('./layout.tsx').then((m) => ({ Component: m.Layout }));
      function screensOf(family: string) {
        return [
          { index: true, element: null },
          { path: 'list', lazy: () => import('../features/list.tsx') },
          ...(family === 'a' ? [{ path: 'stats', lazy: () => import('../features/stats.tsx') }] : []),
          { path: family === 'a' ? 'x/:id' : 'y/:id', lazy: () => import('../features/xy.tsx') },
        ];
      }
      export const routes = [
        { element: null, children: [{ path: '/', lazy: loginPage }, { path: '/login', lazy: loginPage }] },
        { lazy: () => import('./outlet.tsx'), children: [
          ...FAMILIES.map((family) => ({ path: \`/\${family}\`, lazy: layout(family), children: [...screensOf(family), { path: '*', lazy: () => import('../features/none.tsx') }] })),
          { path: '*', lazy: () => import('../features/none.tsx') },
        ] },
      ];`;
    expect(parseRoutes(source)).toEqual([
      { path: '/', modules: ['../features/login.tsx'] },
      { path: '/login', modules: ['../features/login.tsx'] },
      { path: '/:family', modules: ['./outlet.tsx', './layout.tsx'] },
      { path: '/:family/list', modules: ['./outlet.tsx', './layout.tsx', '../features/list.tsx'] },
      { path: '/:family/stats', modules: ['./outlet.tsx', './layout.tsx', '../features/stats.tsx'] },
      { path: '/:family/x/:id', modules: ['./outlet.tsx', './layout.tsx', '../features/xy.tsx'] },
      { path: '/:family/y/:id', modules: ['./outlet.tsx', './layout.tsx', '../features/xy.tsx'] },
      { path: '/:family/*', modules: ['./outlet.tsx', './layout.tsx', '../features/none.tsx'] },
      { path: '/*', modules: ['./outlet.tsx', '../features/none.tsx'] },
    ]);
  });
});
