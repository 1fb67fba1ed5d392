import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, createAdmin, createSchoolWithOperator, type TestApp } from './test-app.ts';
import { createGuru, DUE_JANUARY_2027, kgbDecreeFields, refId } from './guru-factory.ts';
import { samplePdf } from './pdf.ts';
import { smallPng } from './images.ts';
import { badFiles, type BadFile } from './upload-corpus.ts';
import { changedTables, digest, digestedTables } from './db-digest.ts';
import { registerOfficial } from '../modules/kgb/pejabat.service.ts';
import { createOfficialKey } from '../modules/kgb/official-key.ts';
import type { SuratKgb } from '#contract/kgb.ts';
import { eq } from 'drizzle-orm';
import { guru } from '../db/schema/index.ts';
import { WALL_CLOCK } from './wall-clock.ts';

// Uploads: every file of the bad-file corpus (server/test/upload-corpus.ts) is sent to
// every upload endpoint as an administrator. Expected: refused with 413, 415 or 422 and a clear
// Indonesian message about the file, answered within one second (asserted by the fault suite only,
// server/test/wall-clock.ts), and nothing stored: no new key
// in the file store, no table changed. The public document check (dokumen/…/cek) stores nothing by
// design and may instead answer that the copy is not the stored letter.
//
//   UPLOAD_VERBOSE=1  prints every file × endpoint answer with its time

const LIMIT_MS = 1000;
const VERBOSE = process.env.UPLOAD_VERBOSE === '1';

let t: TestApp;
let admin = '';
let tables: string[] = [];
let guruId = 0;
let kode = '';
let corpus: BadFile[] = [];
const puts: string[] = [];

interface Endpoint {
  name: string;
  method: 'POST' | 'PUT';
  url: () => string;
  /** The form's file field. */
  field: string;
  /** Valid text fields, so that only the file can be wrong. */
  fields: () => Record<string, string>;
  /** Answers 200 "not the same copy" instead of refusing; stores nothing either way. */
  comparesOnly?: boolean;
}

const NPSN = '60200100';
const endpoints: Endpoint[] = [
  { name: 'school logo', method: 'POST', url: () => `/api/sekolah/${NPSN}/logo`, field: 'foto', fields: () => ({}) },
  {
    name: 'gallery create',
    method: 'POST',
    url: () => '/api/galeri',
    field: 'foto',
    fields: () => ({ nama: 'Foto', jenis: 'sekolah', desk: 'Uji', ket: 'Uji', npsn: NPSN }),
  },
  {
    name: 'gallery update',
    method: 'POST',
    url: () => '/api/galeri/1?_method=put',
    field: 'foto',
    fields: () => ({ nama: 'Foto', jenis: 'sekolah', desk: 'Uji', ket: 'Uji', npsn: NPSN }),
  },
  // A new NIP each time (birth date, TMT, sex, number): a file accepted by mistake cannot turn the next answers into 409s.
  {
    name: 'teacher create',
    method: 'POST',
    url: () => '/api/guru',
    field: 'foto',
    fields: () => ({
      nama: 'Guru Baru',
      tgl_lahir: '1990-02-03',
      nip: `1990020320150310${String(++nipSeq % 100).padStart(2, '0')}`,
      jenis_kelamin: 'Laki-laki',
      golongan: 'III/a',
      id_jabatan: String(jabatan),
      sekolah_id: '1',
    }),
  },
  { name: 'teacher photo', method: 'POST', url: () => `/api/guru/${guruId}/foto`, field: 'foto', fields: () => ({}) },
  {
    name: 'karya tulis create',
    method: 'POST',
    url: () => '/api/riwkaryatulis/',
    field: 'file',
    fields: () => ({ guru_id: String(guruId), jenis_kt_id: String(jenisKt), judul: 'Judul' }),
  },
  {
    name: 'karya tulis update',
    method: 'PUT',
    url: () => '/api/riwkaryatulis/1',
    field: 'file',
    fields: () => ({ jenis_kt_id: String(jenisKt), judul: 'Judul' }),
  },
  {
    name: 'riwayat KGB create',
    method: 'POST',
    url: () => '/api/riwkgb/',
    field: 'file_kgb',
    fields: () => kgbFields(),
  },
  {
    name: 'riwayat KGB update',
    method: 'POST',
    url: () => '/api/updateriwkgb/1',
    field: 'file_kgb',
    fields: () => kgbFields(),
  },
  {
    name: 'KGB letter check',
    method: 'POST',
    url: () => `/api/dokumen/${kode}/cek`,
    field: 'file',
    fields: () => ({}),
    comparesOnly: true,
  },
  {
    name: 'teacher import preview',
    method: 'POST',
    url: () => '/api/guru/import/preview',
    field: 'file',
    fields: () => ({}),
  },
  {
    name: 'teacher import',
    method: 'POST',
    url: () => '/api/guru/import',
    field: 'file',
    fields: () => ({ konfirmasi: 'ya' }),
  },
  {
    name: 'signing official .p12',
    method: 'POST',
    url: () => '/api/pejabat',
    field: 'p12',
    fields: () => ({
      nama: 'Dr. Uji',
      nip: '197003151995031002',
      jabatan: 'Kepala Dinas',
      passphrase: 'passphrase-uji-123',
    }),
  },
];
let jabatan = 0;
let nipSeq = 0;
let requests = 0;
let jenisKt = 0;
const kgbFields = () => kgbDecreeFields(guruId);

/** A multipart body with the file's name and type as given (names are not escaped on purpose). */
function form(fields: Record<string, string>, field: string, file: BadFile): { payload: Buffer; contentType: string } {
  const boundary = '----sidasekkorpus5b2e';
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  chunks.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function send(endpoint: Endpoint, file: BadFile): Promise<{ res: LightMyRequestResponse; ms: number }> {
  const { payload, contentType } = form(endpoint.fields(), endpoint.field, file);
  const started = performance.now();
  // Each request from its own address: the public letter check is rate-limited per address
  //, and this test is about content, not about that limit.
  requests++;
  const remoteAddress = `10.1.${Math.floor(requests / 250) % 250}.${requests % 250}`;
  const res = await t.app.inject({
    method: endpoint.method,
    url: endpoint.url(),
    headers: { authorization: `Bearer ${admin}`, 'content-type': contentType },
    payload,
    remoteAddress,
  });
  return { res, ms: performance.now() - started };
}

beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = new Date('2026-11-21T02:00:00Z');
  const db = t.database.db;
  await createAdmin(db);
  const { school } = await createSchoolWithOperator(db, { npsn: NPSN, bentukPendidikan: 'SMA' });
  guruId = (await createGuru(db, school.id, { ...DUE_JANUARY_2027, tempat_lahir: 'Ternate' })).id;
  jabatan = await refId(db, 'jabatan', 'Guru Mata Pelajaran');
  admin = await t.login('admin');
  const key = createOfficialKey(
    {
      nama: 'Dr. Pejabat Uji',
      nip: '197003151995031002',
      jabatan: 'Kepala Dinas Pendidikan',
      instansi: 'Dinas Pendidikan',
    },
    'passphrase-pejabat-uji',
    t.clock.now,
  );
  await registerOfficial(
    db,
    t.files,
    {
      nama: 'Dr. Pejabat Uji',
      nip: '197003151995031002',
      jabatan: 'Kepala Dinas Pendidikan',
      passphrase: 'passphrase-pejabat-uji',
      p12: key.p12,
    },
    t.clock.now,
  );
  // The rows the update endpoints and the letter check need, made with good files.
  const masterKt = (await t.call<{ id: number }[]>('GET', '/api/masterjeniskaryatulis', { token: admin })).body.data;
  jenisKt = masterKt[0]!.id;
  const pdf = await samplePdf();
  const good = (endpoint: Endpoint, bytes: Buffer, name: string, type: string) =>
    send(endpoint, { name: 'good', filename: name, type, bytes });
  const byName = (name: string) => endpoints.find((e) => e.name === name)!;
  for (const [name, bytes, filename, type] of [
    ['gallery create', await smallPng(), 'a.png', 'image/png'],
    ['karya tulis create', pdf, 'a.pdf', 'application/pdf'],
    ['riwayat KGB create', pdf, 'a.pdf', 'application/pdf'],
  ] as const) {
    const { res } = await good(byName(name), bytes, filename, type);
    if (res.statusCode !== 200) throw new Error(`setup ${name}: ${res.statusCode} ${res.body}`);
  }
  const verified = await t.call<SuratKgb>('GET', `/api/kgb/${guruId}/verifikasi`, { token: admin });
  if (verified.status !== 200) throw new Error(`setup letter: ${verified.status} ${verified.body.diagnostic.message}`);
  kode = verified.body.data.kode_dokumen;
  corpus = await badFiles();
  tables = await digestedTables(db);
  // Every write to the file store is recorded: a refused upload must not reach it.
  const put = t.files.put.bind(t.files);
  t.files.put = async (bytes, extension) => {
    const stored = await put(bytes, extension);
    puts.push(stored);
    return stored;
  };
  // Warm-up: the first image, PDF and spreadsheet read pay one-time library start-up costs.
  for (const e of ['school logo', 'karya tulis create', 'teacher import preview']) await send(byName(e), corpus[0]!);
}, 300_000);

afterAll(async () => {
  await t?.app.close();
});

/**
 * Defects this test finds in files its author does not own, reported to their owners and
 * tolerated here so that the test guards everything else (the run prints them). Remove an entry
 * once it is fixed.
 */
const KNOWN: { test: RegExp; where: string; what: string }[] = [];
const isKnown = (text: string) => KNOWN.some((k) => k.test.test(text));

// Answers about the file: its type, size, resolution, content, or that it is missing.
const ABOUT_THE_FILE = /gambar|berkas|file|foto|logo|pdf|excel|pkcs|passphrase|resolusi|salinan/i;
const NOT_INDONESIAN = /\b(invalid|expected|required|must|error|failed|unsupported|too large)\b/i;

describe('upload corpus', () => {
  it('has at least 30 bad files, each with a distinct description', async () => {
    expect(corpus.length).toBeGreaterThanOrEqual(30);
    expect(new Set(corpus.map((f) => f.name)).size).toBe(corpus.length);
  });

  it(
    'refuses every bad file at every upload endpoint, within a second, storing nothing',
    { timeout: 600_000 },
    async () => {
      const problems: string[] = [];
      const rows: string[] = [];
      let slowest = { ms: 0, what: '' };
      let before = await digest(t.database.db, tables);
      for (const file of corpus) {
        for (const endpoint of endpoints) {
          const what = `${file.name} → ${endpoint.name}`;
          const keysBefore = puts.length;
          const sizeBefore = t.files.size();
          const first = await send(endpoint, file);
          const res = first.res;
          let ms = first.ms;
          // The one-second rule is asserted in the fault suite (server/test/wall-clock.ts); there a
          // single slow answer on a busy machine is measured again (twice at most) before it counts.
          for (let retry = 0; WALL_CLOCK && retry < 2 && ms > LIMIT_MS && !isKnown(`${what}: answered in`); retry++)
            ms = Math.min(ms, (await send(endpoint, file)).ms);
          if (ms > slowest.ms && !isKnown(`${what}: answered in`)) slowest = { ms, what };
          let body: { diagnostic?: { status?: number; message?: string; code?: string }; data?: { cocok?: boolean } } =
            {};
          try {
            body = res.json();
          } catch {
            problems.push(`${what}: not JSON (${res.statusCode}) ${res.body.slice(0, 200)}`);
          }
          const message = body.diagnostic?.message ?? '';
          rows.push(`${String(res.statusCode).padEnd(4)}${String(Math.round(ms)).padStart(5)} ms  ${what}: ${message}`);
          const refused = [413, 415, 422].includes(res.statusCode);
          const comparedOnly = endpoint.comparesOnly && res.statusCode === 200 && body.data?.cocok === false;
          const accepted = !!file.acceptedBy?.endpoints.includes(endpoint.name) && res.statusCode === 200;
          if (!refused && !comparedOnly && !accepted)
            problems.push(`${what}: HTTP ${res.statusCode} ${res.body.slice(0, 200)}`);
          if (refused && (body.diagnostic?.status !== res.statusCode || !body.diagnostic?.code))
            problems.push(`${what}: not the envelope: ${res.body.slice(0, 200)}`);
          if (refused && (!ABOUT_THE_FILE.test(message) || NOT_INDONESIAN.test(message)))
            problems.push(`${what}: unclear message "${message}"`);
          if (WALL_CLOCK && ms > LIMIT_MS)
            problems.push(`${what}: answered in ${Math.round(ms)} ms (limit ${LIMIT_MS} ms)`);
          if (puts.length !== keysBefore || t.files.size() !== sizeBefore)
            problems.push(`${what}: stored ${puts.slice(keysBefore).join(', ')}`);
          const after = await digest(t.database.db, tables);
          if (after !== before && !accepted)
            problems.push(`${what}: data changed in ${changedTables(before, after).join(', ')}`);
          before = after;
        }
      }
      if (VERBOSE) console.log(rows.join('\n'));
      console.log(
        `upload corpus: ${corpus.length} files × ${endpoints.length} endpoints = ${corpus.length * endpoints.length} requests; slowest ${Math.round(slowest.ms)} ms (${slowest.what}) apart from known defects`,
      );
      for (const k of KNOWN) {
        const n = problems.filter((p) => k.test.test(p)).length;
        if (n) console.log(`upload corpus: known defect (${n}×), ${k.where}: ${k.what}`);
      }
      const unknown = problems.filter((p) => !isKnown(p));
      expect(unknown, unknown.join('\n')).toEqual([]);
    },
  );

  it('never uses the uploaded file name: a good image named ../../x\\0.php is stored under a random key', async () => {
    const png = await smallPng();
    for (const filename of ['../../etc/passwd.png', 'foto.png\u0000.php', `${'b'.repeat(4000)}.png`]) {
      const { res } = await send(
        endpoints.find((e) => e.name === 'teacher photo')!,
        { name: 'good', filename, type: 'text/html', bytes: png },
      );
      expect(res.statusCode, res.body).toBe(200);
      // A teacher's photo is served by its teacher's route; stored under a random key.
      const { id, foto } = (res.json() as { data: { id: number; foto: string | null } }).data;
      expect(foto).toMatch(new RegExp(`^/api/guru/${id}/foto\\?v=[a-f0-9]{8}$`));
      const [row] = await t.database.db.select({ key: guru.foto_key }).from(guru).where(eq(guru.id, id));
      expect(row!.key).toMatch(/^[a-f0-9]{32}\.jpg$/);
    }
  });
});
