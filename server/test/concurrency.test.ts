import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { oneSchoolApp, type TestApp } from './test-app.ts';
import { createGuru, editFormOf, refId } from './guru-factory.ts';
import { noiseJpeg } from './images.ts';
import { guru, sekolah, users } from '../db/schema/index.ts';
import type { Guru } from '#contract/guru.ts';
import { TEST_DB_KIND } from './test-db.ts';

/**
 * Sixteen parallel attempts at the same change: exactly one succeeds, the others get 409, never a
 * 500 and never a lost update. On PostgreSQL they really run at once (pool of 10); on
 * PGlite they interleave on its one connection.
 */
const N = 16;
let t: TestApp;
let admin: string;
let schoolId: number;

beforeEach(async () => {
  ({ t, schoolId, admin } = await oneSchoolApp());
});
afterEach(async () => {
  await t.app.close();
});

const statuses = (answers: { status: number }[]) => answers.map((a) => a.status).sort((a, b) => a - b);
const oneWinner = [200, ...Array<number>(N - 1).fill(409)];

describe('16 parallel attempts', () => {
  it('teacher verification: one 200, fifteen 409', async () => {
    const g = await createGuru(t.database.db, schoolId, { verifikasi: 0 });
    const answers = await Promise.all(
      Array.from({ length: N }, () => t.call('PUT', `/api/guru/verifikasi/${g.id}`, { token: admin })),
    );
    expect(statuses(answers)).toEqual(oneWinner);
    expect(answers.find((a) => a.status === 409)!.body.diagnostic.message).toBe('Guru sudah diverifikasi');
    const [row] = await t.database.db.select().from(guru).where(eq(guru.id, g.id));
    expect(row!.verifikasi).toBe(1);
  });

  it('teachers created with one NIP: one teacher, one photo, fifteen 409', async () => {
    const jabatan = await refId(t.database.db, 'jabatan', 'Guru Kelas');
    const photo = await noiseJpeg(40_000);
    const answers = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        t.call('POST', '/api/guru', {
          token: admin,
          form: {
            fields: {
              nama: `Guru Ke-${i}`,
              tgl_lahir: '1985-03-12',
              nip: '198503122010011001',
              jenis_kelamin: 'Laki-laki',
              golongan: 'III/a',
              id_jabatan: String(jabatan),
              sekolah_id: String(schoolId),
            },
            files: { foto: { bytes: photo } },
          },
        }),
      ),
    );
    expect(statuses(answers)).toEqual(oneWinner);
    expect(answers.find((a) => a.status === 409)!.body.diagnostic.message).toBe('NIP sudah terdaftar untuk guru lain');
    expect(await t.database.db.select().from(guru).where(eq(guru.nip, '198503122010011001'))).toHaveLength(1);
    // Only the winner's photo stays in the file store.
    expect(t.files.size()).toBe(1);
  });

  it('schools created with one NPSN: one school, one operator account, fifteen 409', async () => {
    const answers = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        t.call('POST', '/api/sekolah', {
          token: admin,
          body: { npsn: '60200999', nama_sekolah: `SD Negeri ${i} Ternate`, bentuk_pendidikan: 'SD', status: 'Negeri' },
        }),
      ),
    );
    expect(statuses(answers)).toEqual(oneWinner);
    expect(await t.database.db.select().from(sekolah).where(eq(sekolah.npsn, '60200999'))).toHaveLength(1);
    expect(await t.database.db.select().from(users).where(eq(users.username, '60200999'))).toHaveLength(1);
  });

  it('conflicting edits of one teacher from the same version: one wins, the rest 409, nothing lost', async () => {
    const g = await createGuru(t.database.db, schoolId);
    const current = (await t.call<Guru>('GET', `/api/guru/${g.id}`, { token: admin })).body.data;
    const base = { versi: current.versi, ...editFormOf(current, schoolId) };
    const answers = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        t.call<Guru>('PUT', `/api/guru/${g.id}`, { token: admin, body: { ...base, hobi: `Hobi ${i}` } }),
      ),
    );
    expect(statuses(answers)).toEqual(oneWinner);
    const winner = answers.find((a) => a.status === 200)!.body.data;
    const [row] = await t.database.db.select().from(guru).where(eq(guru.id, g.id));
    expect(row!.hobi).toBe(winner.hobi);
    expect(row!.versi).toBe(current.versi + 1);
    // With the new version the next edit goes through.
    expect(
      (
        await t.call('PUT', `/api/guru/${g.id}`, {
          token: admin,
          body: { ...base, versi: row!.versi, hobi: 'Membaca' },
        })
      ).status,
    ).toBe(200);
  });
});

/**
 * A teacher's verification sent with an edit from a form opened before it: the edit
 * carries the version it was made from, so it either lands before the verification (and its answer
 * shows the teacher still unverified, then verified by the administrator after it) or is refused
 * with 409; never written over the verified teacher. On PostgreSQL, where the two run at once.
 */
describe.runIf(TEST_DB_KIND === 'postgres')('verification racing an edit', () => {
  it('the edit from the older form never lands on the verified teacher: 20 rounds', async () => {
    const wrong: string[] = [];
    const seen = new Set<string>();
    for (let round = 0; round < 20; round++) {
      const g = await createGuru(t.database.db, schoolId, { verifikasi: 0 });
      const current = (await t.call<Guru>('GET', `/api/guru/${g.id}`, { token: admin })).body.data;
      const body = { versi: current.versi, ...editFormOf(current, schoolId), hobi: `Hobi ${round}` };
      const [edit, verify] = await Promise.all([
        t.call<Guru>('PUT', `/api/guru/${g.id}`, { token: admin, body }),
        t.call('PUT', `/api/guru/verifikasi/${g.id}`, { token: admin }),
      ]);
      seen.add(`edit ${edit.status} / verify ${verify.status}`);
      const fine =
        verify.status === 200 && ((edit.status === 200 && edit.body.data.verifikasi === 0) || edit.status === 409);
      if (!fine)
        wrong.push(
          `round ${round}: edit ${edit.status} (verifikasi ${edit.body.data?.verifikasi}), verify ${verify.status}`,
        );
    }
    expect(wrong, [...seen].join('; ')).toEqual([]);
  });
});
