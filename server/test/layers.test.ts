import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Route → service → repository. Route files hold HTTP and access, never SQL: they
// import neither Drizzle nor the schema and call no query builder; modules take their
// dependencies from deps.ts, not from app.ts (an import circle through the app).
const server = path.resolve(import.meta.dirname, '..');
const sources = readdirSync(server, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.startsWith('test/'));

describe('layers', () => {
  it('route files hold no SQL', () => {
    const found: string[] = [];
    for (const f of sources.filter((f) => f.endsWith('.routes.ts'))) {
      const source = readFileSync(path.join(server, f), 'utf8');
      for (const m of source.matchAll(/from 'drizzle-orm[^']*'|from '[./]*db\/schema[^']*'|\bdb\.(select|insert|update|delete|execute|transaction)\(/g)) found.push(`${f}: ${m[0]}`);
    }
    expect(found).toEqual([]);
  });

  it('no module imports app.ts', () => {
    const found = sources.filter((f) => f !== 'main.ts' && /from '(\.\.\/)+app\.ts'|from '\.\/app\.ts'/.test(readFileSync(path.join(server, f), 'utf8')));
    expect(found).toEqual([]);
  });

  it('no two feature modules import each other, but for the notices (known, listed)', () => {
    // server/modules/<a> importing ../<b>/ and <b> importing ../<a>/: a circle that makes either
    // impossible to read, test or move alone. The teacher's record-derived profile lives in guru
    // (record-basis.ts) and the KGB list's rating note in kgb (skp-kgb.ts) for that reason. Left: the
    // notices page composes the notices of KGB and promotion, which write theirs through its store.
    const KNOWN = ['kenaikan-pangkat ⇄ notifikasi', 'kgb ⇄ notifikasi'];
    const imports = new Map<string, Set<string>>();
    for (const f of sources.filter((f) => f.startsWith('modules/'))) {
      const from = f.split('/')[1]!;
      for (const m of readFileSync(path.join(server, f), 'utf8').matchAll(/from '\.\.\/([a-z-]+)\//g)) {
        if (m[1] !== from) imports.set(from, (imports.get(from) ?? new Set()).add(m[1]!));
      }
    }
    const circles: string[] = [];
    for (const [a, to] of imports) for (const b of to) if (a < b && imports.get(b)?.has(a)) circles.push(`${a} ⇄ ${b}`);
    expect(circles.sort()).toEqual(KNOWN);
  });
});
