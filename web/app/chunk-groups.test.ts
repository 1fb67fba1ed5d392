import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHUNK_GROUPS } from './chunk-groups.ts';
import { projectPreloadRoutes } from '../../scripts/route-preload.mjs';

// The hand-kept chunk groups of vite.config.ts and the generated preload table still
// name real modules of the screens they serve.
const root = path.resolve(import.meta.dirname, '../..');

/** The files `file` imports statically (relative and #contract/ imports; packages left out). */
function importsOf(file: string): string[] {
  const source = readFileSync(path.join(root, file), 'utf8');
  const out: string[] = [];
  for (const m of source.matchAll(/^\s*(?:import|export)\s+(?!type\b)(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm)) {
    const spec = m[1]!;
    const target = spec.startsWith('#contract/')
      ? path.join('contract', spec.slice('#contract/'.length))
      : spec.startsWith('.')
        ? path.join(path.dirname(file), spec)
        : null;
    if (target && existsSync(path.join(root, target)) && statSync(path.join(root, target)).isFile())
      out.push(target.split(path.sep).join('/'));
  }
  return out;
}

/** Every file reachable from `starts` by static imports. */
function closure(starts: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (f: string) => {
    if (seen.has(f)) return;
    seen.add(f);
    importsOf(f).forEach(visit);
  };
  starts.forEach(visit);
  return seen;
}

const LIGHT_SCREENS = [
  'web/features/guru/guru-list-page.tsx',
  'web/features/sekolah/sekolah-detail-page.tsx',
  'web/features/statistik/statistik-page.tsx',
];
const pages = (dir: string): string[] =>
  readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /-page\.tsx$/.test(f))
    .map((f) => `${dir}/${f.split(path.sep).join('/')}`);
/** The modules each group serves: the layout, the login page, the light screens, the teacher screens. */
const SERVES: Record<keyof typeof CHUNK_GROUPS, string[]> = {
  shell: ['web/app/layouts/app-layout.tsx'],
  lite: LIGHT_SCREENS,
  common: [
    'web/features/auth/login-page.tsx',
    'web/features/auth/change-password-page.tsx',
    'web/features/kgb/dokumen-page.tsx',
  ],
  first: LIGHT_SCREENS,
  guruApi: pages('web/features/guru'),
};

describe('chunk groups (vite.config.ts)', () => {
  for (const [group, files] of Object.entries(CHUNK_GROUPS) as [keyof typeof CHUNK_GROUPS, readonly string[]][]) {
    it(`${group}: every file exists and is imported by the screens it serves`, () => {
      const reached = closure(SERVES[group]);
      for (const f of files) {
        expect(existsSync(path.join(root, f)), `${f} exists`).toBe(true);
        expect(reached.has(f), `${f} is imported by ${SERVES[group].join(', ')}`).toBe(true);
      }
    });
  }
});

describe('route preload table (scripts/route-preload.mjs, from the router)', () => {
  const table = projectPreloadRoutes(root);
  const modulesFor = (pathname: string) => table.find(([pattern]) => new RegExp(pattern).test(pathname))?.[1];
  it('names existing modules only', () => {
    for (const [, modules] of table) for (const m of modules) expect(existsSync(path.join(root, m)), m).toBe(true);
  });
  it('sends each first screen its own code, other family screens the layout and antd, the login page its own', () => {
    const layout = 'web/app/layouts/app-layout.tsx';
    const login = 'web/features/auth/login-page.tsx';
    const expected: [pathname: string, modules: string[]][] = [
      ['/admin-side/guru', [layout, 'web/features/guru/guru-list-page.tsx']],
      ['/operator-simple/sekolah-simple/60200338', [layout, 'web/features/sekolah/sekolah-detail-page.tsx']],
      ['/admin-side/user-detail/60200338', [layout, 'web/features/sekolah/sekolah-detail-page.tsx']],
      ['/admin-simple/statistik', [layout, 'web/features/statistik/statistik-page.tsx']],
      ['/admin-side/dashboard', [layout, 'web/app/ant-app-outlet.tsx']],
      ['/operator-side/guru/detail-guru/5', [layout, 'web/app/ant-app-outlet.tsx']],
      ['/login', [login]],
      ['/', [login]],
    ];
    for (const [pathname, modules] of expected) expect(modulesFor(pathname), pathname).toEqual(modules);
    expect(modulesFor('/dokumen/ABC')).toBeUndefined();
  });
});

describe('one UI kit (decision 0043)', () => {
  it('no component writes antd class names of its own: antd draws its classes, our components their own', () => {
    const offenders: string[] = [];
    for (const f of readdirSync(path.join(root, 'web'), { recursive: true, encoding: 'utf8' })) {
      if (!/\.tsx$/.test(f)) continue;
      const source = readFileSync(path.join(root, 'web', f), 'utf8');
      // Dragger's content classes are antd's documented markup for its children (Upload.Dragger docs).
      for (const m of source.matchAll(
        /className=(?:"|\{`|\{')[^"`']*\bant-(?!upload-(?:drag-icon|text|hint)\b)[a-z-]+/g,
      ))
        offenders.push(`web/${f}: ${m[0]}`);
    }
    expect(offenders).toEqual([]);
  });
});
