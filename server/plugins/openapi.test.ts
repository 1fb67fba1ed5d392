import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.app.close();
});

/** Every call of SPEC.md §7 as "METHOD path", with {params} turned into OpenAPI's {name} form. */
function specCalls(): string[] {
  const spec = readFileSync(new URL('../../../shared/SPEC.md', import.meta.url), 'utf8');
  const section = spec.slice(spec.indexOf('## 7.'), spec.indexOf('## 8.'));
  const calls = new Set<string>();
  for (const m of section.matchAll(/\b(GET|POST|PUT|DELETE) \/?(api\/[A-Za-z0-9_\-/{}]+)/g)) {
    let path = `/${m[2]!}`.replace(/\/$/, '');
    if (path === '/api/riwkgb' && m[1] === 'POST') path = '/api/riwkgb';
    calls.add(`${m[1]} ${path.replace(/\{[^}]+\}/g, '{}')}`);
  }
  // Paths listed without a method in §7 (master data GETs, record kinds).
  for (const p of ['api/master-aset', 'api/fasilitas', 'api/kondisi', 'api/golonganpangkat', 'api/jenisguru', 'api/golongandarah', 'api/pendidikanterakhir', 'api/jabatanguru', 'api/mapel', 'api/jurusan', 'api/namadiklatteknis', 'api/namapenghargaan', 'api/tingkatpendidikan', 'api/masterkeahlian', 'api/masterlevel', 'api/masterjeniskaryatulis', 'api/masterbp', 'api/wilayah', 'api/dashboard']) calls.add(`GET /${p}`);
  for (const k of ['riwpendidikan', 'riwpendidikannon', 'diklat-teknis', 'riwpenghargaan', 'riwkeahlianumum', 'riwkeahlianbahasa', 'riwpangkat', 'riwkaryatulis']) {
    calls.add(`GET /api/${k}`);
    calls.add(`GET /api/${k}/{}`);
    calls.add(`PUT /api/${k}/{}`);
    calls.add(`DELETE /api/${k}/{}`);
  }
  for (const s of ['jumlah-unit-sekolah', 'jumlah-guru', 'guru-pensiun', 'jumlah-guru-jenis-kelamin', 'pensiun-lima-tahun', 'kondisi-ruang-kelas', 'kualifikasi-pendidik', 'pendidik-tersertifikasi', 'rasio', 'kgb']) calls.add(`GET /api/data-statistik/${s}`);
  return [...calls].sort();
}

describe('OpenAPI', () => {
  it('serves a document that lists every call of SPEC §7', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\./);
    const documented = new Set(Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path.replace(/\/$/, '').replace(/\{[^}]+\}/g, '{}')}`)));
    const missing = specCalls().filter((c) => !documented.has(c));
    expect(missing).toEqual([]);
  });

  it('describes bodies from the zod contract and marks protected calls', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { properties: Record<string, unknown> } }> }; security?: unknown[] }>> };
    const create = doc.paths['/api/sekolah']!.post!;
    expect(Object.keys(create.requestBody!.content['application/json']!.schema.properties)).toEqual(['npsn', 'nama_sekolah', 'bentuk_pendidikan', 'status']);
    expect(create.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/token']!.post!.security).toBeUndefined();
  });

  it('serves the reference page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('swagger-ui');
  });
});
