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
});
