import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Route → service → repository. Route files hold HTTP and access, never SQL: they
// import neither Drizzle nor the schema and call no query builder; nor do services; modules take their
// dependencies from deps.ts, not from app.ts (an import circle through the app).
const server = path.resolve(import.meta.dirname, '..');
const sources = readdirSync(server, { recursive: true, encoding: 'utf8' }).filter(
  (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.startsWith('test/'),
);

describe('layers', () => {
  it('route files hold no SQL', () => {
    const found: string[] = [];
    for (const f of sources.filter((f) => f.endsWith('.routes.ts'))) {
      const source = readFileSync(path.join(server, f), 'utf8');
      for (const m of source.matchAll(
        /from 'drizzle-orm[^']*'|from '[./]*db\/schema[^']*'|\bdb\.(select|insert|update|delete|execute|transaction)\(/g,
      ))
        found.push(`${f}: ${m[0]}`);
    }
    expect(found).toEqual([]);
  });

  it('services hold no SQL: their statements are in the repositories', () => {
    // A service holds the rules of a use case and its transactions (db.transaction); what it reads and
    // writes, it asks of a repository.
    const found: string[] = [];
    for (const f of sources.filter((f) => f.endsWith('.service.ts'))) {
      const source = readFileSync(path.join(server, f), 'utf8');
      for (const m of source.matchAll(
        /from 'drizzle-orm[^']*'|from '[./]*db\/schema[^']*'|\b(db|tx)\s*\.(select|selectDistinct|insert|update|delete|execute)\(|\bsql`/g,
      ))
        found.push(`${f}: ${m[0]}`);
    }
    expect(found).toEqual([]);
    expect(sources.filter((f) => f.endsWith('.service.ts')).length).toBeGreaterThan(5);
  });

  it('no module imports app.ts', () => {
    const found = sources.filter(
      (f) =>
        f !== 'serve.ts' &&
        /from '(\.\.\/)+app\.ts'|from '\.\/app\.ts'/.test(readFileSync(path.join(server, f), 'utf8')),
    );
    expect(found).toEqual([]);
  });

  it('the feature modules import each other as a tree: no circle, of two modules or more', () => {
    // server/modules/<a> importing ../<b>/ and <b> importing ../<a>/, directly or through others: a
    // circle that makes none of them possible to read, test or move alone. The teacher's
    // record-derived profile lives in guru (record-basis.ts) and the KGB list's rating note in kgb
    // (skp-kgb.ts) for that reason; the notices page gets the notices of KGB, promotion and
    // retirement from server/routes.ts (notifikasi/sources.ts), since those modules write theirs
    // through its store.
    const imports = new Map<string, Set<string>>();
    for (const f of sources.filter((f) => f.startsWith('modules/'))) {
      const from = f.split('/')[1]!;
      for (const m of readFileSync(path.join(server, f), 'utf8').matchAll(/(?:from|import)\s*\(?\s*'(\.[^']*)'/g)) {
        const to = path.relative(server, path.resolve(path.dirname(path.join(server, f)), m[1]!)).split(path.sep);
        if (to[0] === 'modules' && to[1] !== from) imports.set(from, (imports.get(from) ?? new Set()).add(to[1]!));
      }
    }
    // Depth-first from every module: a module met again while still on the path closes a circle.
    const circles: string[] = [];
    const done = new Set<string>();
    const visit = (m: string, trail: string[]) => {
      const at = trail.indexOf(m);
      if (at >= 0) return void circles.push([...trail.slice(at), m].join(' → '));
      if (done.has(m)) return;
      for (const next of imports.get(m) ?? []) visit(next, [...trail, m]);
      done.add(m);
    };
    for (const m of [...imports.keys()].sort()) visit(m, []);
    expect(circles).toEqual([]);
    // The check sees imports at all (a broken pattern would find no circle either).
    expect(imports.get('kgb')?.has('guru')).toBe(true);
  });
});
