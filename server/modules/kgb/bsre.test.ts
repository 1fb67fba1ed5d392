// Signing through BSrE's Esign Client Service (docs/domain/tanda-tangan.md, decision 0048), through
// HTTP against the simulator (server/test/bsre-simulator.ts): officials by NIK and their
// certificate's status, a letter signed and verified, every refusal in the office's words with the
// letter left signable, a monthly run that BSrE leaves halfway and that is resumed, and (PostgreSQL)
// two runs at once and a signature racing a cancellation.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createAdmin, createSchoolWithOperator, createTestApp, SCHOOL_A, type TestApp } from '../../test/test-app.ts';
import { createGuru } from '../../test/guru-factory.ts';
import { finishedRun, pdfTool } from '../../test/kgb-world.ts';
import { startBsreSimulator, SIMULATOR_SEALS, SIMULATOR_USERS, type BsreSimulator } from '../../test/bsre-simulator.ts';
import { TEST_DB_KIND } from '../../test/test-db.ts';
import { buildApp } from '../../app.ts';
import { kgbSurat, kgbTugas, pejabat } from '../../db/schema/index.ts';
import { recordTableOf } from '../../db/schema/riwayat.ts';
import { sha256 } from './signer.ts';
import { writeLetterDate, type LetterContent } from './letter.ts';
import { tanggalPanjang } from '../../domain/terbilang.ts';
import {
  BSRE_MSG,
  KGB_MSG,
  NIK_TIDAK_VALID,
  type DokumenInfo,
  type Pejabat,
  type StatusSertifikat,
  type SuratKgb,
} from '#contract/kgb.ts';
import { PERIODE_MSG, type PeriodeKgb, type TugasKgb } from '#contract/kgb-periode.ts';
import type { Config } from '../../config.ts';

const [ACTIVE, EXPIRED, REVOKED, , NO_CERT] = SIMULATOR_USERS;
const PASS = ACTIVE!.passphrase;
const UNKNOWN_NIK = '8271014404880006';
const SEAL = SIMULATOR_SEALS[0]!;

let sim: BsreSimulator;
let t: TestApp;
let admin: string;
let schoolA: number;
/** The simulator's CA in an NSS database, so pdfsig can also judge the certificate (null: no certutil). */
let nssDir: string | null = null;

const bsreConfig = (over: Partial<Extract<Config['signer'], { kind: 'bsre' }>> = {}): Config['signer'] => ({
  kind: 'bsre',
  url: sim.url,
  username: sim.username,
  password: sim.password,
  signTimeoutMs: 4000,
  statusTimeoutMs: 3000,
  verifyTimeoutMs: 8000,
  // More letters at once than the passphrase limit (5): a run must not count its own letters as guesses.
  concurrency: 6,
  sealIdSubscriber: undefined,
  ...over,
});

beforeAll(async () => {
  sim = await startBsreSimulator({ slowMs: 8000 });
  try {
    const dir = mkdtempSync(path.join(tmpdir(), 'sidasek-nss-'));
    writeFileSync(path.join(dir, 'ca.pem'), sim.caPem);
    execFileSync('certutil', ['-N', '-d', `sql:${dir}`, '--empty-password']);
    execFileSync('certutil', [
      '-A',
      '-d',
      `sql:${dir}`,
      '-n',
      'bsre-simulator',
      '-t',
      'CT,C,C',
      '-a',
      '-i',
      path.join(dir, 'ca.pem'),
    ]);
    nssDir = dir;
  } catch {
    nssDir = null;
  }
});
afterAll(async () => {
  await sim.close();
});

beforeEach(async () => {
  await sim.up();
  sim.latencyMs = 0;
  sim.failAfter(null);
  t = await createTestApp({ signer: bsreConfig() });
  t.clock.now = new Date('2026-11-21T02:00:00Z');
  await createAdmin(t.database.db);
  schoolA = (await createSchoolWithOperator(t.database.db, SCHOOL_A)).school.id;
  admin = await t.login('admin');
});
afterEach(async () => {
  await t.app.close();
});

const register = (fields: Record<string, string>) =>
  t.call<Pejabat>('POST', '/api/pejabat', {
    token: admin,
    form: {
      fields: {
        nama: 'Dr. Abdullah Sangaji, M.Pd.',
        nip: '197003151995031002',
        jabatan: 'Kepala Dinas Pendidikan',
        ...fields,
      },
    },
  });

/** Teachers due on 1 January 2027 (III/b MKG 8 → 10, PP 5/2024), each with a verified letter. */
async function verifiedLetters(n: number): Promise<{ guruIds: number[]; letters: SuratKgb[] }> {
  const jan = { golongan: 'III/b', mkg_tahun: 8, mkg_bulan: 0, gaji_pokok: 3287000, tgl_kgb_terakhir: '2025-01-01' };
  const guruIds: number[] = [];
  const letters: SuratKgb[] = [];
  for (let i = 0; i < n; i++) {
    const id = (await createGuru(t.database.db, schoolA, { nama: `Guru Uji ${String.fromCharCode(65 + i)}`, ...jan }))
      .id;
    const v = await t.call<SuratKgb>('GET', `/api/kgb/${id}/verifikasi`, { token: admin });
    expect(v.status, v.body.diagnostic.message).toBe(200);
    guruIds.push(id);
    letters.push(v.body.data);
  }
  return { guruIds, letters };
}

const letterRow = async (id: number) => (await t.database.db.select().from(kgbSurat).where(eq(kgbSurat.id, id)))[0]!;

/**
 * The SHA-256 of the document BSrE receives for a letter: the verified letter with the signing day
 * written where it left its date open (docs/domain/surat-kgb.md), on the test's clock.
 */
async function sentSha(surat: SuratKgb): Promise<string> {
  const row = await letterRow(surat.id);
  const frozen = (await t.files.get(row.pdfKey))!;
  const isi = row.isi as LetterContent;
  return sha256(
    isi.tanggalPos
      ? await writeLetterDate(frozen, isi.tanggalPos, tanggalPanjang(t.waktu.hariIni(t.clock.now)))
      : frozen,
  );
}
const historyRows = async (suratId: number) => {
  const h = recordTableOf('riwkgb');
  return t.database.db.select().from(h).where(eq(h.kgb_surat_id, suratId));
};
const fileOf = async (url: string) =>
  (await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${admin}` } })).rawPayload;

/** Nothing half-written: the letter is verified again, with no signed file and no history row. */
async function untouched(suratId: number) {
  const row = await letterRow(suratId);
  expect(row.status).toBe('verified');
  expect(row.signedKey).toBeNull();
  expect(row.signedAt).toBeNull();
  expect(await historyRows(suratId)).toHaveLength(0);
}

/** A second app on the test's database and files, logging at info into `lines`; `config` changes the test's. */
async function loggingApp(lines: string[], config: Partial<Config> = {}) {
  const app = await buildApp({
    config: { ...t.config, logLevel: 'info', ...config },
    database: t.database,
    files: t.files,
    now: () => t.clock.now,
    logStream: { write: (l) => void lines.push(l) },
  });
  await app.ready();
  return app;
}

describe('officials through BSrE', () => {
  it('are registered by NIK (16 digits, validated), which no answer and no log line carries; the page reads each certificate from BSrE', async () => {
    const lines: string[] = [];
    const logged = await loggingApp(lines);
    try {
      const none = await register({});
      expect(none.status).toBe(422);
      expect(none.body.diagnostic.message).toBe(BSRE_MSG.nikRequired);
      expect((await register({ nik: '82710115037' })).body.diagnostic.message).toBe('NIK harus 16 digit angka');
      // Day 35 of a month is no birth date (women add 40: 41-71).
      expect((await register({ nik: '8271013503700001' })).body.diagnostic.message).toBe(NIK_TIDAK_VALID);

      const made = await register({ nik: ACTIVE!.nik, passphrase: 'tidak-dipakai' });
      expect(made.status, made.body.diagnostic.message).toBe(200);
      expect(made.body.data).toMatchObject({
        jenis: 'bsre',
        nik_terdaftar: true,
        aktif: true,
        sertifikat_subjek: null,
        berlaku_sampai: null,
      });
      for (const u of [EXPIRED!, REVOKED!, NO_CERT!])
        expect((await register({ nik: u.nik, nama: u.nama })).status).toBe(200);
      expect((await register({ nik: UNKNOWN_NIK, nama: 'Pejabat Tak Terdaftar' })).status).toBe(200);
      const list = await t.call<Pejabat[]>('GET', '/api/pejabat', { token: admin });
      const status = await t.call<StatusSertifikat[]>('GET', '/api/pejabat/status', { token: admin });
      expect(status.status).toBe(200);
      const byName = (nama: string) =>
        status.body.data.find((s) => s.pejabat_id === list.body.data.find((p) => p.nama === nama)!.id);
      expect(byName(ACTIVE!.nama)).toMatchObject({
        status: 'ISSUE',
        dapat_menandatangani: true,
        keterangan: 'Sertifikat aktif: dapat menandatangani',
      });
      expect(byName(EXPIRED!.nama)).toMatchObject({ status: 'EXPIRED', dapat_menandatangani: false });
      expect(byName(REVOKED!.nama)).toMatchObject({ status: 'REVOKE', dapat_menandatangani: false });
      expect(byName(NO_CERT!.nama)).toMatchObject({ status: 'NO_CERTIFICATE', dapat_menandatangani: false });
      expect(byName('Pejabat Tak Terdaftar')).toMatchObject({
        status: 'NOT_REGISTERED',
        keterangan: 'NIK belum terdaftar di BSrE',
      });
      // BSrE not answering: the status is unknown, the page still opens.
      await sim.down();
      const down = await t.call<StatusSertifikat[]>('GET', '/api/pejabat/status', { token: admin });
      expect(down.status).toBe(200);
      expect(down.body.data.every((s) => s.status === null && !s.dapat_menandatangani)).toBe(true);
      await sim.up();

      // Through the logged app as well: a registration and a failing signature.
      const token =
        (
          await logged.inject({
            method: 'POST',
            url: '/api/token',
            payload: { username: 'admin', password: 'password-uji-123' },
          })
        ).json().data?.access_token ?? admin;
      await logged.inject({
        method: 'POST',
        url: `/api/pejabat?nik=${ACTIVE!.nik}`,
        headers: { authorization: `Bearer ${token}` },
        payload: { nik: ACTIVE!.nik },
      });
      for (const answer of [made, list, status]) expect(JSON.stringify(answer.body)).not.toContain(ACTIVE!.nik);
    } finally {
      await logged.close();
    }
    const all = lines.join('\n');
    expect(all.length).toBeGreaterThan(0);
    for (const u of SIMULATOR_USERS) expect(all).not.toContain(u.nik);
  });
});

describe('a letter signed through BSrE', () => {
  it("is PAdES valid for pdfsig, BSrE's certificate on it, and the public check shows signer, time, integrity and certificate status from BSrE", async () => {
    expect((await register({ nik: ACTIVE!.nik })).status).toBe(200);
    const { guruIds, letters } = await verifiedLetters(1);
    const before = sim.requests.get('/api/v2/sign/pdf') ?? 0;
    const signed = await t.call<SuratKgb>('POST', `/api/kgb/${guruIds[0]}/signature`, {
      token: admin,
      body: { passphrase: PASS },
    });
    expect(signed.status, signed.body.diagnostic.message).toBe(200);
    expect(signed.body.data.status).toBe('signed');
    expect((sim.requests.get('/api/v2/sign/pdf') ?? 0) - before).toBe(1);
    const file = await fileOf(signed.body.data.pdfLink);
    expect(sha256(file)).toBe(signed.body.data.signed_sha256);
    const check = pdfTool('pdfsig', file, nssDir ? ['-nssdir', `sql:${nssDir}`] : []);
    expect(check).toContain('Signature is Valid');
    expect(check).toContain('ETSI.CAdES.detached');
    expect(check).toContain(`Signer Certificate Common Name: ${ACTIVE!.nama}`);
    if (nssDir) expect(check).toContain('Certificate is Trusted');
    // The visible block carries the facts (the image BSrE placed, not page text): the QR code and box are there.
    expect((await letterRow(letters[0]!.id)).signedVia).toBe('bsre');
    expect(await historyRows(letters[0]!.id)).toHaveLength(1);

    const pub = await t.call<DokumenInfo>('GET', `/api/dokumen/${letters[0]!.kode_dokumen}`);
    expect(pub.status).toBe(200);
    expect(pub.body.data.verifikasi).toMatchObject({
      jenis: 'bsre',
      penandatangan: ACTIVE!.nama,
      utuh: true,
      sertifikat_terpercaya: true,
      kesimpulan: 'VALID',
      penerbit: 'BSrE Simulator Root CA (uji Sidasek)',
      zona: 'Asia/Jayapura',
      catatan: null,
    });
    expect(pub.body.data.verifikasi!.waktu).toMatch(/^2026-/);
    expect(JSON.stringify(pub.body)).not.toContain(ACTIVE!.nik);
    // BSrE unreachable: the page still answers with the stored hash and says why the rest is missing.
    await sim.down();
    const cached = await t.call<DokumenInfo>('GET', `/api/dokumen/${letters[0]!.kode_dokumen}`);
    expect(cached.body.data.verifikasi!.kesimpulan).toBe('VALID');
    await sim.up();
  });

  it("each refusal is said in the office's words, and the letter stays verified, nothing written, signable again", async () => {
    expect((await register({ nik: ACTIVE!.nik })).status).toBe(200);
    const { guruIds, letters } = await verifiedLetters(1);
    const [guru, surat] = [guruIds[0]!, letters[0]!];
    const official = (await letterRow(surat.id)).pejabatId!;
    const sign = (body: Record<string, string>) =>
      t.call<SuratKgb>('POST', `/api/kgb/${guru}/signature`, { token: admin, body });
    const withNik = async (nik: string) => t.database.db.update(pejabat).set({ nik }).where(eq(pejabat.id, official));
    const cases: [string, () => Promise<unknown>, Record<string, string>, number, string][] = [
      ['wrong passphrase', async () => undefined, { passphrase: 'bukan-passphrase' }, 422, KGB_MSG.wrongPassphrase],
      ['wrong TOTP', async () => undefined, { totp: '111111' }, 422, BSRE_MSG.wrongTotp],
      ['NIK not registered', () => withNik(UNKNOWN_NIK), { passphrase: PASS }, 422, BSRE_MSG.nikNotRegistered],
      ['no certificate', () => withNik(NO_CERT!.nik), { passphrase: PASS }, 422, BSRE_MSG.noCertificate],
      ['expired', () => withNik(EXPIRED!.nik), { passphrase: PASS }, 422, BSRE_MSG.expired],
      ['revoked', () => withNik(REVOKED!.nik), { passphrase: PASS }, 422, BSRE_MSG.revoked],
      ['server error', () => withNik(ACTIVE!.nik), { passphrase: 'sim-galat' }, 502, BSRE_MSG.rejected(500)],
      ['connection dropped', async () => undefined, { passphrase: 'sim-putus' }, 502, BSRE_MSG.dropped],
      ['slow', async () => undefined, { passphrase: 'sim-lambat' }, 504, BSRE_MSG.timeout(4)],
      ['unreachable', () => sim.down(), { passphrase: PASS }, 503, BSRE_MSG.unreachable],
    ];
    for (const [name, before, body, status, message] of cases) {
      await before();
      const res = await sign(body);
      expect(res.status, name).toBe(status);
      expect(res.body.diagnostic.message, name).toBe(message);
      await untouched(surat.id);
      // Wrong secrets count towards the limit (5 in 15 minutes): start each case afresh.
      t.clock.advance(16 * 60_000);
    }
    await sim.up();
    // The passphrase of a key the office does not hold is never asked for a local key and vice versa.
    const right = await sign({ totp: ACTIVE!.totp });
    expect(right.status, right.body.diagnostic.message).toBe(200);
    expect((await letterRow(surat.id)).status).toBe('signed');
    expect(sim.signedByDocument.get(await sentSha(surat))).toBe(1);
  });

  it('a refused connection is tried again (it cannot have signed); a slow answer never is', async () => {
    expect((await register({ nik: ACTIVE!.nik })).status).toBe(200);
    const { guruIds, letters } = await verifiedLetters(2);
    // The service comes back while the client waits between tries: the letter is signed once.
    await sim.down();
    setTimeout(() => void sim.up(), 300);
    const res = await t.call<SuratKgb>('POST', `/api/kgb/${guruIds[0]}/signature`, {
      token: admin,
      body: { passphrase: PASS },
    });
    expect(res.status, res.body.diagnostic.message).toBe(200);
    expect(sim.signedByDocument.get(await sentSha(letters[0]!))).toBe(1);
    const slowBefore = sim.requests.get('/api/v2/sign/pdf') ?? 0;
    const slow = await t.call('POST', `/api/kgb/${guruIds[1]}/signature`, {
      token: admin,
      body: { passphrase: 'sim-lambat' },
    });
    expect(slow.status).toBe(504);
    expect((sim.requests.get('/api/v2/sign/pdf') ?? 0) - slowBefore).toBe(1);
    await untouched(letters[1]!.id);
  });
});

describe('a monthly run through BSrE', () => {
  const finished = (id: number) => finishedRun(t, admin, id, 1200, 50);

  it('signs several letters at once; BSrE failing halfway stops it with each letter signed once or unsigned, and running it again finishes', async () => {
    expect((await register({ nik: ACTIVE!.nik })).status).toBe(200);
    const { letters } = await verifiedLetters(7);
    sim.latencyMs = 150;
    // The first letter (signed in the request) and two more; then the service drops every answer.
    sim.failAfter(3);
    const started = await t.call<TugasKgb>('POST', '/api/kgb/periode/ttd', {
      token: admin,
      body: { bulan: '2027-01', passphrase: PASS },
    });
    expect(started.status, started.body.diagnostic.message).toBe(202);
    const run = await finished(started.body.data.id);
    expect(run.status).toBe('berhenti');
    expect(run.pesan).toBe(BSRE_MSG.dropped);
    expect(run.berhasil).toBeGreaterThanOrEqual(3);
    expect(run.berhasil).toBeLessThan(7);
    const rows = await t.database.db.select().from(kgbSurat);
    for (const l of rows) {
      expect(['signed', 'verified'], `${l.id} ${l.status}`).toContain(l.status);
      expect(await historyRows(l.id)).toHaveLength(l.status === 'signed' ? 1 : 0);
      if (l.status === 'verified') expect(l.signedKey).toBeNull();
    }
    const month = await t.call<PeriodeKgb>('GET', '/api/kgb/periode?bulan=2027-01', { token: admin });
    expect(month.body.data.tugas).toMatchObject({ id: run.id, status: 'berhenti' });

    sim.failAfter(null);
    const again = await t.call<TugasKgb>('POST', '/api/kgb/periode/ttd', {
      token: admin,
      body: { bulan: '2027-01', passphrase: PASS },
    });
    expect(again.status, again.body.diagnostic.message).toBe(202);
    const second = await finished(again.body.data.id);
    expect(second).toMatchObject({ status: 'selesai', gagal: 0, total: 7 - run.berhasil });
    for (const l of await t.database.db.select().from(kgbSurat)) {
      expect(l.status).toBe('signed');
      expect(await historyRows(l.id)).toHaveLength(1);
    }
    // BSrE made one signature per letter that Sidasek kept; the dropped answers were never repeated
    // for the same run (the second run sent each remaining letter once).
    for (const l of letters) expect(sim.signedByDocument.get(await sentSha(l)) ?? 0).toBeGreaterThanOrEqual(1);
    expect(
      (await t.call('POST', '/api/kgb/periode/ttd', { token: admin, body: { bulan: '2027-01', passphrase: PASS } }))
        .body.diagnostic.message,
    ).toBe(PERIODE_MSG.nothingToSign);
  });

  it('BSrE unreachable from the start signs nothing and answers at once', async () => {
    expect((await register({ nik: ACTIVE!.nik })).status).toBe(200);
    await verifiedLetters(2);
    await sim.down();
    const res = await t.call('POST', '/api/kgb/periode/ttd', {
      token: admin,
      body: { bulan: '2027-01', passphrase: PASS },
    });
    await sim.up();
    expect(res.status).toBe(503);
    expect(res.body.diagnostic.message).toBe(BSRE_MSG.unreachable);
    expect((await t.database.db.select().from(kgbTugas)).length).toBe(0);
    expect((await t.database.db.select().from(kgbSurat)).every((l) => l.status === 'verified')).toBe(true);
  });

  it.runIf(TEST_DB_KIND === 'postgres')(
    'two runs at once, and a signature racing a cancellation: every letter signed once or not at all (PostgreSQL)',
    async () => {
      expect((await register({ nik: ACTIVE!.nik })).status).toBe(200);
      const { guruIds, letters } = await verifiedLetters(6);
      sim.latencyMs = 100;
      const other = await t.login('admin');
      const [a, b] = await Promise.all([
        t.call<TugasKgb>('POST', '/api/kgb/periode/ttd', {
          token: admin,
          body: { bulan: '2027-01', passphrase: PASS, surat_ids: letters.slice(0, 5).map((l) => l.id) },
        }),
        t.call<TugasKgb>('POST', '/api/kgb/periode/ttd', {
          token: other,
          body: { bulan: '2027-01', passphrase: PASS, surat_ids: letters.slice(0, 5).map((l) => l.id) },
        }),
      ]);
      for (const res of [a, b]) if (res.status === 202) await finished(res.body.data.id);
      for (const l of letters.slice(0, 5)) {
        expect((await letterRow(l.id)).status).toBe('signed');
        expect(await historyRows(l.id)).toHaveLength(1);
        expect(sim.signedByDocument.get(await sentSha(l))).toBe(1);
      }
      // The sixth: signed and cancelled at once. Either the signature wins (the cancellation is refused
      // while it runs, or cancels the signed letter after it) or the cancellation does (nothing is signed).
      const last = letters[5]!;
      const [signed, cancelled] = await Promise.all([
        t.call('POST', `/api/kgb/${guruIds[5]}/signature`, { token: admin, body: { passphrase: PASS } }),
        t.call('POST', `/api/kgb/surat/${last.id}/batal`, {
          token: other,
          body: { alasan: 'Dibatalkan karena data salah' },
        }),
      ]);
      const row = await letterRow(last.id);
      if (row.status === 'signed') {
        expect(signed.status).toBe(200);
        expect(cancelled.status).toBe(409);
        expect(await historyRows(last.id)).toHaveLength(1);
      } else {
        expect(row.status).toBe('cancelled');
        expect(await historyRows(last.id)).toHaveLength(0);
        // A cancellation that came after a signature removes its history row; one before it leaves none signed.
        if (signed.status !== 200) expect(row.signedKey).toBeNull();
      }
      expect(sim.signedByDocument.get(await sentSha(last)) ?? 0).toBeLessThanOrEqual(1);
      expect(await t.database.db.select().from(kgbSurat).where(eq(kgbSurat.status, 'signing'))).toHaveLength(0);
    },
  );
});

describe("the office's seal (segel elektronik) on the nominative list and the cancellation notice", () => {
  /** The same office served by an app whose configuration names a seal (BSRE_SEAL_ID_SUBSCRIBER). */
  /** What the sealing app logged: the seal's TOTP never appears there. */
  const logLines: string[] = [];
  type Post = (
    url: string,
    body: Record<string, string>,
  ) => Promise<{ status: number; pdf: Buffer; message: string | undefined }>;
  async function withSeal<T>(
    idSubscriber: string,
    use: (post: Post, app: Awaited<ReturnType<typeof buildApp>>) => Promise<T>,
  ): Promise<T> {
    const sealed = await loggingApp(logLines, { signer: bsreConfig({ sealIdSubscriber: idSubscriber }) });
    try {
      return await use(async (url, body) => {
        const res = await sealed.inject({
          method: 'POST',
          url,
          headers: { authorization: `Bearer ${admin}` },
          payload: body,
        });
        const message = res.headers['content-type']?.toString().startsWith('application/json')
          ? (res.json() as { diagnostic?: { message?: string } }).diagnostic?.message
          : undefined;
        return { status: res.statusCode, pdf: res.rawPayload, message };
      }, sealed);
    } finally {
      await sealed.close();
    }
  }

  /** One letter of January 2027 signed by the official through BSrE, then cancelled (for the notice). */
  async function signedAndCancelled(): Promise<SuratKgb> {
    expect((await register({ nik: ACTIVE!.nik })).status).toBe(200);
    const { guruIds, letters } = await verifiedLetters(2);
    for (const id of guruIds)
      expect(
        (await t.call('POST', `/api/kgb/${id}/signature`, { token: admin, body: { passphrase: PASS } })).status,
      ).toBe(200);
    expect(
      (
        await t.call('POST', `/api/kgb/surat/${letters[1]!.id}/batal`, {
          token: admin,
          body: { alasan: 'Salah golongan pada SK terakhir' },
        })
      ).status,
    ).toBe(200);
    return letters[1]!;
  }

  const sealChecks = (pdf: Buffer) => {
    const check = pdfTool('pdfsig', pdf, nssDir ? ['-nssdir', `sql:${nssDir}`] : []);
    expect(check).toContain('Signature is Valid');
    expect(check).toContain(`Signer Certificate Common Name: ${SEAL.nama}`);
    expect(check).not.toContain(ACTIVE!.nama);
    if (nssDir) expect(check).toContain('Certificate is Trusted');
    const text = pdfTool('pdftotext', pdf);
    expect(text).toContain('Disegel secara elektronik oleh');
    expect(text).toContain('Segel elektronik BSrE, BSSN');
    expect(text).not.toContain('Ditandatangani secara elektronik oleh');
  };

  it("seals both documents in the institution's name with the seal's TOTP, given at sealing time; the official's passphrase is not asked", async () => {
    const cancelled = await signedAndCancelled();
    const count = (path: string) => sim.requests.get(path) ?? 0;
    const before = {
      sign: count('/api/v2/sign/pdf'),
      totp: count('/api/v2/seal/get/totp'),
      seal: count('/api/v2/seal/pdf'),
    };
    await withSeal(SEAL.idSubscriber, async (post, app) => {
      // The dialogs learn that these documents are sealed (and ask for the seal's TOTP).
      expect((await app.inject({ method: 'GET', url: '/api/config' })).json().data).toMatchObject({
        penandatangan: 'bsre',
        segel: true,
      });
      const list = await post('/api/kgb/periode/nominatif', { bulan: '2027-01', totp: SEAL.activationTotp });
      expect(list.status, list.message).toBe(200);
      sealChecks(list.pdf);
      const notice = await post(`/api/kgb/surat/${cancelled.id}/pembatalan`, { totp: SEAL.activationTotp });
      expect(notice.status, notice.message).toBe(200);
      sealChecks(notice.pdf);
      expect(pdfTool('pdftotext', notice.pdf)).toContain('Pembatalan Surat Kenaikan Gaji Berkala');
    });
    // One seal TOTP and one seal per document; no official's signature was asked of BSrE.
    expect(count('/api/v2/seal/get/totp') - before.totp).toBe(2);
    expect(count('/api/v2/seal/pdf') - before.seal).toBe(2);
    expect(count('/api/v2/sign/pdf')).toBe(before.sign);
  });

  it("a wrong seal TOTP, a passphrase instead, an unknown seal or BSrE unreachable: the office's words, nothing returned, the notice's number kept", async () => {
    const cancelled = await signedAndCancelled();
    const sealsBefore = sim.requests.get('/api/v2/seal/pdf') ?? 0;
    await withSeal(SEAL.idSubscriber, async (post) => {
      const wrong = await post('/api/kgb/periode/nominatif', { bulan: '2027-01', totp: '000000' });
      expect(wrong.status).toBe(422);
      expect(wrong.message).toBe(BSRE_MSG.wrongSealTotp);
      const passphrase = await post('/api/kgb/periode/nominatif', { bulan: '2027-01', passphrase: PASS });
      expect(passphrase.status).toBe(422);
      expect(passphrase.message).toBe(BSRE_MSG.sealTotpRequired);
      const wrongNotice = await post(`/api/kgb/surat/${cancelled.id}/pembatalan`, { totp: '000000' });
      expect(wrongNotice.status).toBe(422);
      expect(wrongNotice.message).toBe(BSRE_MSG.wrongSealTotp);
      const nomor = (await letterRow(cancelled.id)).nomorPembatalan;
      expect(nomor).toBeTruthy();
      await sim.down();
      const down = await post('/api/kgb/periode/nominatif', { bulan: '2027-01', totp: SEAL.activationTotp });
      expect(down.status).toBe(503);
      expect(down.message).toBe(BSRE_MSG.unreachable);
      await sim.up();
      // Wrong codes count towards the limit like passphrases (5 in 15 minutes): the right one still seals.
      t.clock.advance(16 * 60_000);
      const right = await post(`/api/kgb/surat/${cancelled.id}/pembatalan`, { totp: SEAL.activationTotp });
      expect(right.status, right.message).toBe(200);
      expect((await letterRow(cancelled.id)).nomorPembatalan).toBe(nomor);
    });
    await withSeal('SEGEL-TIDAK-ADA', async (post) => {
      const unknown = await post('/api/kgb/periode/nominatif', { bulan: '2027-01', totp: SEAL.activationTotp });
      expect(unknown.status).toBe(422);
      expect(unknown.message).toBe(BSRE_MSG.sealUnknown);
    });
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('\n')).not.toContain(SEAL.activationTotp);
    // A refused seal TOTP never reaches seal/pdf: the one seal made is the notice returned.
    expect((sim.requests.get('/api/v2/seal/pdf') ?? 0) - sealsBefore).toBe(1);
  });

  it('without a seal configured, both are signed by the active official as before', async () => {
    const cancelled = await signedAndCancelled();
    const sealsBefore = sim.requests.get('/api/v2/seal/pdf') ?? 0;
    expect((await t.call<{ segel?: boolean }>('GET', '/api/config')).body.data.segel).toBe(false);
    const list = await t.app.inject({
      method: 'POST',
      url: '/api/kgb/periode/nominatif',
      headers: { authorization: `Bearer ${admin}` },
      payload: { bulan: '2027-01', passphrase: PASS },
    });
    expect(list.statusCode).toBe(200);
    const notice = await t.app.inject({
      method: 'POST',
      url: `/api/kgb/surat/${cancelled.id}/pembatalan`,
      headers: { authorization: `Bearer ${admin}` },
      payload: { totp: ACTIVE!.totp },
    });
    expect(notice.statusCode).toBe(200);
    for (const pdf of [list.rawPayload, notice.rawPayload]) {
      const check = pdfTool('pdfsig', pdf);
      expect(check).toContain('Signature is Valid');
      expect(check).toContain(`Signer Certificate Common Name: ${ACTIVE!.nama}`);
      expect(pdfTool('pdftotext', pdf)).toContain('Ditandatangani secara elektronik oleh');
    }
    expect(sim.requests.get('/api/v2/seal/pdf') ?? 0).toBe(sealsBefore);
  });
});
