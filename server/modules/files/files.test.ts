// Files every instance shares. Two app instances on one database with the PostgreSQL
// file store (the default with DATABASE_URL): a gallery photo uploaded through A is served by B,
// streamed with the stored type and the same headers as from disk; a failed upload leaves nothing.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Galeri } from '#contract/sarpras.ts';
import { rowsOf } from '../../db/client.ts';
import { postgresFileStore } from '../../lib/file-store-postgres.ts';
import { createAdmin, createSchoolWithOperator, createTestApp, type TestApp } from '../../test/test-app.ts';
import { addGaleriPhoto, GALERI_FIELDS, noiseJpeg, smallPng } from '../../test/images.ts';

let a: TestApp;
let b: TestApp;
let operator: string;
const fields = GALERI_FIELDS;
let deletes = 0;
const shared = {
  files: (database: TestApp['database']) => {
    const store = postgresFileStore(database.writeDb);
    // Deletes outside a request's transaction (after COMMIT, or cleaning up after a rollback) are counted.
    return { ...store, delete: (key: string) => (deletes++, store.delete(key)) };
  },
};

beforeEach(async () => {
  deletes = 0;
  a = await createTestApp({}, shared);
  b = await createTestApp({}, shared);
  await createAdmin(a.database.db);
  await createSchoolWithOperator(a.database.db, { npsn: '60200100' });
  operator = await a.login('60200100');
});
afterEach(async () => {
  await Promise.all([a.app.close(), b.app.close()]);
});

const storedFiles = async () =>
  rowsOf<{ n: number }>(await a.database.db.execute(sql`select count(*)::int as n from berkas`))[0]!.n;

describe('files shared by two instances (PostgreSQL store)', () => {
  it('a gallery photo uploaded through A is served by B, streamed, with its type and caching headers', async () => {
    const res = await a.call<Galeri>('POST', '/api/galeri', {
      token: operator,
      form: { fields, files: { foto: { bytes: await noiseJpeg(300 * 1024) } } },
    });
    expect(res.status, res.body.diagnostic.message).toBe(200);
    expect(await storedFiles()).toBe(2);

    const fromA = await a.app.inject({ method: 'GET', url: res.body.data.foto });
    const fromB = await b.app.inject({ method: 'GET', url: res.body.data.foto });
    expect(fromB.statusCode).toBe(200);
    expect(fromB.rawPayload.equals(fromA.rawPayload)).toBe(true);
    expect(fromB.rawPayload.subarray(0, 3).toString('hex')).toBe('ffd8ff');
    expect(fromB.headers['content-type']).toBe('image/jpeg');
    expect(Number(fromB.headers['content-length'])).toBe(fromB.rawPayload.length);
    expect(fromB.headers['cache-control']).toBe('private, max-age=86400, immutable');
    expect(fromB.headers['x-content-type-options']).toBe('nosniff');
    expect(fromB.headers['content-disposition']).toMatch(/^inline; filename="[a-f0-9]{32}\.jpg"$/);
    const thumb = await b.app.inject({ method: 'GET', url: res.body.data.thumbnail });
    expect(thumb.statusCode).toBe(200);

    // Deleted through B: gone for A once B's request has committed.
    const token = await b.login('60200100');
    expect((await b.call('DELETE', `/api/galeri/${res.body.data.id}`, { token })).status).toBe(200);
    expect((await a.app.inject({ method: 'GET', url: res.body.data.foto })).statusCode).toBe(404);
    expect(await storedFiles()).toBe(0);
  });

  it('a replaced photo is removed with the commit; unknown and non-image keys answer 404', async () => {
    const created = (await addGaleriPhoto(a, operator)).body.data;
    const updated = await b.call<Galeri>('POST', `/api/galeri/${created.id}?_method=put`, {
      token: operator,
      form: { fields, files: { foto: { bytes: await smallPng() } } },
    });
    expect(updated.status, updated.body.diagnostic.message).toBe(200);
    expect((await a.app.inject({ method: 'GET', url: created.foto })).statusCode).toBe(404);
    expect((await a.app.inject({ method: 'GET', url: updated.body.data.foto })).statusCode).toBe(200);
    expect(await storedFiles()).toBe(2);
    for (const url of [
      `/files/${'0'.repeat(32)}.jpg`,
      `/files/${'0'.repeat(32)}.pdf`,
      '/files/..%2f..%2fetc%2fpasswd',
    ]) {
      expect((await b.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });

  it('an upload whose row cannot be written leaves no file: the file was written in its transaction', async () => {
    // The row fails after the photo and thumbnail were stored.
    await a.database.db.execute(
      sql.raw(
        `CREATE FUNCTION uji_tolak() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'ditolak uji'; END $$`,
      ),
    );
    await a.database.db.execute(
      sql.raw('CREATE TRIGGER uji_tolak BEFORE INSERT ON galeri FOR EACH ROW EXECUTE FUNCTION uji_tolak()'),
    );
    try {
      const res = await addGaleriPhoto(a, operator);
      expect(res.status).toBe(500);
    } finally {
      await a.database.db.execute(sql.raw('DROP TRIGGER uji_tolak ON galeri'));
      await a.database.db.execute(sql.raw('DROP FUNCTION uji_tolak()'));
    }
    expect(await storedFiles()).toBe(0);
    // Removed by the rollback itself: no delete was needed.
    expect(deletes).toBe(0);
  });
});
