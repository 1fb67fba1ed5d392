// The data set and the per-route table of the authorization matrix (server/test/authz-matrix.test.ts).
//
// Two schools, A and B, each with one of everything (rooms, assets, land, photos, a teacher with a
// record of every kind and its documents, a teacher due for KGB with a verified letter). Every text
// of school A carries the marker "Alfaqz" and every text of school B "Betaqz", so an answer can be
// searched for the other school's data. The route table says, for each route of the app, how to
// address "school A's object", "school B's object" and "a missing one" with a valid request.

import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, createAdmin, createSchoolWithOperator, TEST_PASSWORD, type TestApp } from './test-app.ts';
import { smallPng } from './images.ts';
import { editFormOf } from './guru-factory.ts';
import { samplePdf } from './pdf.ts';
import { rowsOf } from '../db/client.ts';
import {
  aset,
  galeri,
  guru,
  jenisRuangan,
  lahan,
  masterAset,
  referensi,
  ruangan,
  sessions,
  users,
} from '../db/schema/index.ts';
import { recordTableOf } from '../db/schema/riwayat.ts';
import { registerOfficial } from '../modules/kgb/pejabat.service.ts';
import { createOfficialKey } from '../modules/kgb/official-key.ts';
import { hashToken } from '../modules/auth/session.repository.ts';
import { DEFAULT_LETTER_SETTINGS } from '../modules/kgb/letter.ts';
import { writePosition } from './db-digest.ts';
import type { Access } from '../plugins/auth.ts';
import { RECORD_KINDS, type RecordKind, type RecordKindKey } from '#contract/riwayat.ts';
import { REFERENSI_ENDPOINTS } from '#contract/master-guru.ts';
import { STATISTIK } from '#contract/statistik.ts';
import { IMPOR_COLUMNS, SK_IMPOR_COLUMNS } from '#contract/impor.ts';
import { KUALITAS_CHECKS } from '#contract/kualitas.ts';

// ----- callers and targets -----

/**
 * Who calls: no token; an administrator's token after the idle expiry; an administrator's token
 * after logout; operator A's own token while the account is deactivated; operator of school A;
 * operator of school B; an administrator.
 */
export const CALLERS = ['anon', 'expired', 'revoked', 'deactivated', 'opA', 'opB', 'admin'] as const;
export type Caller = (typeof CALLERS)[number];
/** Callers that never get past authentication. */
export const SIGNED_OUT: readonly Caller[] = ['anon', 'expired', 'revoked', 'deactivated'];

/**
 * What a request addresses: school A's or B's object, a missing one (id 999999, an unknown NPSN or
 * code), an office-wide object that exists, or nothing (lists, statistics, self-service).
 */
export type Target = 'A' | 'B' | 'missing' | 'existing' | 'none';

/**
 * - 'school': a school named by NPSN (path, query or body). Operators are checked against the NPSN
 *   before any lookup, so another school's NPSN and an unknown one both answer 403 (an operator
 *   cannot probe which NPSNs exist); administrators get 404 for an unknown NPSN.
 * - 'owned': an object of a school named by id (room, asset, land, photo, teacher, record, letter,
 *   the school's account): 404 when there is no such id, 403 when it is another school's.
 * - 'global': an office-wide object (master item, official, quality check, document code, file):
 *   targets 'existing' and 'missing'.
 * - 'none': no object; lists are filtered to the operator's school (checked by the leak search).
 */
export type ObjectKind = 'school' | 'owned' | 'global' | 'none';

export const TARGETS: Record<ObjectKind, Target[]> = {
  school: ['A', 'B', 'missing'],
  owned: ['A', 'B', 'missing'],
  global: ['existing', 'missing'],
  none: ['none'],
};

export const MISSING_ID = 999999;
export const MISSING_NPSN = '69999999';

// ----- the data set -----

export interface SchoolData {
  key: 'A' | 'B';
  id: number;
  npsn: string;
  nama: string;
  /** In every text of this school's data. */
  marker: string;
  operatorId: number;
  room: number;
  asset: number;
  lahan: number;
  galeri: number;
  galeriFoto: string;
  guru: number;
  nip: string;
  nik: string;
  records: Record<RecordKindKey, number>;
  /** A PDF document of one of its records (must never be served as a public file). */
  documentKey: string;
  kgbGuru: number;
  letter: { id: number; kode: string };
}

export interface World {
  t: TestApp;
  A: SchoolData;
  B: SchoolData;
  adminId: number;
  tokens: Record<Exclude<Caller, 'anon'>, string>;
  /** Not yet presented expired sessions (one per route; `tokens.expired` once it is used). */
  expiredTokens: string[];
  jenisRuangan: number;
  masterAset: number;
  jabatan: number;
  pejabatId: number;
  passphrase: string;
  p12: Buffer;
  png: Buffer;
  pdf: Buffer;
  /** Valid field values of each record kind (text fields carry no school marker: set per call). */
  recordInput: Record<RecordKindKey, Record<string, string>>;
  /** Per-route objects made once (e.g. a letter that can be signed once). */
  memo: Map<string, Promise<number>>;
  /** The current route's objects that a success uses up, by target. */
  fresh: Map<Target, number>;
  seq: () => number;
}

export const PASSPHRASE = 'passphrase-matriks-uji';
const NOW = new Date('2026-11-21T02:00:00Z');

/** Everything of one test file's matrix; the clock stays at 2026-11-21 (+2 h) from here on. */
export async function buildWorld(): Promise<World> {
  const t = await createTestApp();
  t.clock.now = NOW;
  const db = t.database.db;
  let counter = 0;
  const seq = () => ++counter;
  const png = await smallPng();
  const pdf = await samplePdf('Dokumen matriks');

  const adminRow = await createAdmin(db);
  const [jr] = await db.insert(jenisRuangan).values({ nama: 'Jenis Ruang Matriks' }).returning();
  const [ma] = await db.insert(masterAset).values({ nama: 'Jenis Aset Matriks' }).returning();
  const [jab] = await db
    .select({ id: referensi.id })
    .from(referensi)
    .where(sql`${referensi.kategori} = 'jabatan' and ${referensi.nama} = 'Guru Mata Pelajaran'`);

  const recordInput = {} as World['recordInput'];
  for (const kind of RECORD_KINDS) recordInput[kind.key] = await validRecordInput(t, kind);

  const official = { nama: 'Dr. Pejabat Matriks', nip: '197003151995031002', jabatan: 'Kepala Dinas Pendidikan' };
  const { p12 } = createOfficialKey({ ...official, instansi: 'Dinas Pendidikan' }, PASSPHRASE, NOW);
  const pejabat = await registerOfficial(
    db,
    t.files,
    {
      ...official,
      passphrase: PASSPHRASE,
      p12,
      aktif: true,
    },
    NOW,
  );

  const partial = {
    t,
    seq,
    png,
    pdf,
    recordInput,
    jenisRuangan: jr!.id,
    masterAset: ma!.id,
    jabatan: jab!.id,
  } as World;
  const makeSchool = async (k: 'A' | 'B', npsn: string, marker: string): Promise<SchoolData> => {
    const nama = `SMA Negeri ${marker}`;
    const { school, operator } = await createSchoolWithOperator(db, {
      npsn,
      namaSekolah: nama,
      bentukPendidikan: 'SMA',
      alamat: `Jl. ${marker} No. 1`,
    });
    const s = { key: k, id: school.id, npsn, nama, marker, operatorId: operator.id } as SchoolData;
    s.room = await freshRoom(partial, s);
    s.asset = await freshAsset(partial, s, s.room);
    s.lahan = await freshLahan(partial, s);
    s.galeri = await freshGaleri(partial, s);
    s.galeriFoto = (await db.select({ key: galeri.fotoKey }).from(galeri).where(eq(galeri.id, s.galeri)))[0]!.key;
    // With a photo: personal data, served only through GET /api/guru/:id/foto.
    const g = await freshGuru(partial, s, {
      nik: k === 'A' ? '8271011204850011' : '8271011204850022',
      foto_key: await t.files.put(png, 'jpg'),
    });
    s.guru = g.id;
    s.nip = g.nip!;
    s.nik = g.nik!;
    s.records = {} as SchoolData['records'];
    for (const kind of RECORD_KINDS) s.records[kind.key] = await freshRecord(partial, s, kind);
    const [doc] = rowsOf<{ key: string }>(
      await db.execute(sql`select file_kgb_key as key from riw_kgb where id = ${s.records.riwkgb}`),
    );
    s.documentKey = doc!.key;
    s.kgbGuru = await freshDueGuru(partial, s);
    return s;
  };
  const A = await makeSchool('A', '6ALFA001', 'Alfaqz');
  const B = await makeSchool('B', '6BETA002', 'Betaqz');

  // Expired tokens: an administrator signs in, then the clock moves past the idle limit. The
  // server revokes an expired session when it is presented, so each route gets its own copy of
  // that session (same user and times) and its first call meets the expiry itself.
  const expired = await t.login('admin');
  const [expiredRow] = await db
    .select()
    .from(sessions)
    .orderBy(sql`${sessions.id} desc`)
    .limit(1);
  const expiredTokens: string[] = [];
  for (let i = 0; i < 300; i++) expiredTokens.push(randomBytes(32).toString('base64url'));
  await db.insert(sessions).values(
    expiredTokens.map((token) => ({
      tokenHash: hashToken(token),
      userId: expiredRow!.userId,
      createdAt: expiredRow!.createdAt,
      lastSeenAt: expiredRow!.lastSeenAt,
    })),
  );
  t.clock.advance((t.config.sessionIdleMinutes + 1) * 60_000);
  const revoked = await t.login('admin');
  const logout = await t.call('POST', '/api/logout', { token: revoked });
  if (logout.status !== 200) throw new Error(`logout: ${logout.status}`);
  const tokens = {
    expired,
    revoked,
    deactivated: await t.login(A.npsn),
    opA: await t.login(A.npsn),
    opB: await t.login(B.npsn),
    admin: await t.login('admin'),
  };

  // One verified letter per school (for the letter, PDF and public document routes).
  for (const s of [A, B]) {
    const res = await t.call<{ id: number; kode_dokumen: string }>('POST', `/api/kgb/${s.kgbGuru}/verifikasi`, {
      token: tokens.admin,
    });
    if (res.status !== 200) throw new Error(`verify letter: ${res.status} ${res.body.diagnostic.message}`);
    s.letter = { id: res.body.data.id, kode: res.body.data.kode_dokumen };
  }

  return Object.assign(partial, {
    A,
    B,
    adminId: adminRow.id,
    tokens,
    expiredTokens,
    pejabatId: pejabat.id,
    passphrase: PASSPHRASE,
    p12,
    memo: new Map(),
    fresh: new Map(),
  });
}

/** Valid values of a record kind, built from its definition (every field that is not a reference or a file). */
async function validRecordInput(t: TestApp, kind: RecordKind): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const f of kind.fields) {
    switch (f.type) {
      case 'text':
        out[f.name] = f.label.slice(0, 40);
        break;
      case 'date':
        out[f.name] = f.firstOfMonth ? '2020-01-01' : f.notBefore ? '2020-02-15' : '2020-01-15';
        break;
      case 'int':
        out[f.name] = String(Math.max(f.min ?? 0, Math.min(f.max ?? 10, 3)));
        break;
      case 'decimal':
        out[f.name] = '85,5';
        break;
      case 'enum':
        out[f.name] = f.values![0]!.value;
        break;
      case 'golongan':
        out[f.name] = 'III/a';
        break;
      case 'master': {
        const [kategori, tipe] = f.master!.kategori.split(':');
        const rows = await t.database.db
          .select({ id: referensi.id })
          .from(referensi)
          .where(
            tipe
              ? sql`${referensi.kategori} = ${kategori} and ${referensi.nama2} = ${tipe}`
              : eq(referensi.kategori, kategori!),
          );
        out[f.name] = String(rows[0]!.id);
        break;
      }
      case 'record':
      case 'file':
        break;
    }
  }
  return out;
}

/** A record kind's input with the school's marker in its text fields. */
export function recordFields(w: World, kind: RecordKind, s: SchoolData | undefined): Record<string, string> {
  const out = { ...w.recordInput[kind.key] };
  for (const f of kind.fields)
    if (f.type === 'text') out[f.name] = `${out[f.name]} ${s?.marker ?? 'Gamma'}`.slice(0, f.max ?? 255);
  return out;
}

// ----- fresh objects (straight into the database, no audit context) -----

export async function freshRoom(w: World, s: SchoolData): Promise<number> {
  const [row] = await w.t.database.db
    .insert(ruangan)
    .values({
      sekolahId: s.id,
      jenisRuanganId: w.jenisRuangan,
      nama: `Ruang ${s.marker} ${w.seq()}`,
      panjang: 8,
      lebar: 7,
      tinggi: 3,
      keterangan: `Ruang kelas ${s.marker}`,
      status: 'Baik',
    })
    .returning({ id: ruangan.id });
  return row!.id;
}

export async function freshAsset(w: World, s: SchoolData, room = s.room): Promise<number> {
  const [row] = await w.t.database.db
    .insert(aset)
    .values({
      ruanganId: room,
      masterAsetId: w.masterAset,
      nama: `Meja ${s.marker} ${w.seq()}`,
      jumlah: 30,
      harga: 250000,
      kondisi: 'Baik',
    })
    .returning({ id: aset.id });
  return row!.id;
}

export async function freshLahan(w: World, s: SchoolData): Promise<number> {
  const [row] = await w.t.database.db
    .insert(lahan)
    .values({
      sekolahId: s.id,
      nama: `Lahan ${s.marker} ${w.seq()}`,
      luas: 1200,
      tglPerolehan: '2001-03-04',
      harga: 150000000,
      kondisi: 'Baik',
      keterangan: `Hak milik ${s.marker}`,
    })
    .returning({ id: lahan.id });
  return row!.id;
}

export async function freshGaleri(w: World, s: SchoolData): Promise<number> {
  const fotoKey = await w.t.files.put(w.png, 'jpg');
  const thumbKey = await w.t.files.put(w.png, 'jpg');
  const [row] = await w.t.database.db
    .insert(galeri)
    .values({
      sekolahId: s.id,
      nama: `Foto ${s.marker} ${w.seq()}`,
      jenis: 'sekolah',
      desk: `Upacara ${s.marker}`,
      ket: `Halaman ${s.marker}`,
      fotoKey,
      thumbKey,
    })
    .returning({ id: galeri.id });
  return row!.id;
}

/** A PNS teacher with a NIP matching the birth date and sex, unique in the run. */
export async function freshGuru(w: World, s: SchoolData, values: Partial<typeof guru.$inferInsert> = {}) {
  const n = w.seq();
  const tgl = '1985-04-12';
  const nip = `${tgl.replaceAll('-', '')}2010${String(1 + (Math.floor(n / 1000) % 12)).padStart(2, '0')}1${String(n % 1000).padStart(3, '0')}`;
  const [row] = await w.t.database.db
    .insert(guru)
    .values({
      sekolah_id: s.id,
      nama: `Guru ${s.marker} ${n}`,
      tgl_lahir: tgl,
      jenis_kelamin: 'Laki-laki',
      nip,
      golongan: 'III/b',
      status_guru: 'PNS',
      id_jabatan: w.jabatan,
      nik: s.key === 'A' ? '8271011204850111' : '8271011204850222',
      gaji_pokok: 3390500,
      tempat_lahir: `Kota ${s.marker}`,
      alamat_domisili: `Jl. ${s.marker} No. ${n}`,
      ...values,
    })
    .returning();
  return row!;
}

/**
 * A PNS teacher whose KGB is due (TMT 2027-01-01, due from 2026-11-01), without a letter: the last
 * KGB is a verified decree in the record and the profile is verified, as a letter to sign needs.
 */
export async function freshDueGuru(w: World, s: SchoolData): Promise<number> {
  const g = await freshGuru(w, s, {
    golongan: 'III/b',
    mkg_tahun: 8,
    mkg_bulan: 0,
    gaji_pokok: 3287000,
    tgl_kgb_terakhir: '2025-01-01',
    verifikasi: 1,
  });
  await w.t.database.db.insert(recordTableOf('riwkgb')).values({
    guru_id: g.id,
    no_kgb: `822.4/${g.id}/DIKBUD/2025`,
    ttgl_kgb: '2025-01-01',
    gpl_kgb: 3287000,
    gol_kgb: 'III/b',
    nosk_kgb: `822.4/${g.id}/DIKBUD/2025`,
    tglsk_kgb: '2024-11-01',
    mkg_tahun: 8,
    mkg_bulan: 0,
    status: 1,
  });
  return g.id;
}

/** A due teacher (freshDueGuru) whose letter the administrator has verified: the teacher's and the letter's ids. */
async function freshVerifiedLetter(w: World, s: SchoolData, purpose: string): Promise<{ guru: number; surat: number }> {
  const g = await freshDueGuru(w, s);
  const res = await w.t.call<{ id: number }>('POST', `/api/kgb/${g}/verifikasi`, { token: w.tokens.admin });
  if (res.status !== 200) throw new Error(`verify for ${purpose}: ${res.status}`);
  return { guru: g, surat: res.body.data.id };
}

/** A record of the school's teacher (unverified), with its document where the kind has one. */
export async function freshRecord(w: World, s: SchoolData, kind: RecordKind, guruId = s.guru): Promise<number> {
  const values: Record<string, unknown> = { guru_id: guruId };
  const input = recordFields(w, kind, s);
  for (const f of kind.fields) {
    if (f.type === 'file') values[`${f.name}_key`] = await w.t.files.put(w.pdf, 'pdf');
    else if (input[f.name] !== undefined)
      values[f.name] =
        f.type === 'int' || f.type === 'master'
          ? Number(input[f.name])
          : f.type === 'decimal'
            ? Number(String(input[f.name]).replace(',', '.'))
            : input[f.name];
  }
  if (kind.verifiable) values.status = 0;
  const table = recordTableOf(kind.key);
  const [row] = await w.t.database.db.insert(table).values(values).returning({ id: table.id });
  return row!.id as number;
}

/** Made once per key (a letter to sign, a teacher to verify: things a success uses up). */
export function once(w: World, key: string, make: () => Promise<number>): Promise<number> {
  let found = w.memo.get(key);
  if (!found) {
    found = make();
    w.memo.set(key, found);
  }
  return found;
}

// ----- digests -----
//
// A digest does not hash contents: it is, per table, the number of rows and the newest row
// version (the largest xmin). Any committed insert, update or delete changes one of the two,
// an update that writes the same values included (a refused call must not write at all), and it
// costs a scan without hashing, so it can run around each of the few thousand calls.
//
// Not compared: sessions and login_throttle are sign-in bookkeeping (an expired token is revoked
// when it is presented, logins and logouts add and end sessions, failed attempts are counted);
// wilayah is 90 000 rows of reference data no route writes (compared by content once per file);
// the migration journal. The audit log only grows (every successful write adds to it): compared
// by its last id, which its primary key index answers without a scan; security events (refusals and
// failed logins write them by design) are left out.
const NOT_COMPARED = new Set(['sessions', 'login_throttle', 'wilayah', '__drizzle_migrations']);
const APPEND_ONLY = new Set(['audit_log']);

const version = (alias: string) => sql.raw(`count(*) || ':' || coalesce(max(${alias}.xmin::text::bigint), 0)`);

let digestQuery: { tables: string[]; query: ReturnType<typeof sql> } | null = null;

/** All application data, table by table (and the number of stored files). */
async function databaseParts(w: World) {
  if (!digestQuery) {
    const tables = rowsOf<{ tablename: string }>(
      await w.t.database.db.execute(
        sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
      ),
    )
      .map((r) => r.tablename)
      .filter((name) => !NOT_COMPARED.has(name));
    const parts = tables.map((name) =>
      // Security events (tabel 'keamanan': a refused call, a failed login) are written by design.
      APPEND_ONLY.has(name)
        ? sql`(select ${name} || ':' || coalesce(max(id), 0) from ${sql.identifier(name)} where tabel <> 'keamanan')`
        : sql`(select ${name} || ':' || ${version('x')} from ${sql.identifier(name)} x)`,
    );
    digestQuery = { tables, query: sql`concat_ws('|', ${sql.join(parts, sql`, `)})` };
  }
  return digestQuery.query;
}

/** The tables the digest compares. */
export const digestTables = () => digestQuery?.tables ?? [];

/**
 * Everything that belongs to one school: its row, facilities, rooms and their assets, land,
 * photos, teachers with their records and letters, and its operator account.
 */
function schoolParts(s: SchoolData) {
  const id = s.id;
  const gurus = sql`(select id from guru where sekolah_id = ${id})`;
  const parts = [
    sql`(select ${version('x')} from sekolah x where x.id = ${id})`,
    sql`(select ${version('x')} from sekolah_fasilitas x where x.sekolah_id = ${id})`,
    sql`(select ${version('x')} from ruangan x where x.sekolah_id = ${id})`,
    sql`(select ${version('x')} from aset x where x.ruangan_id in (select id from ruangan where sekolah_id = ${id}))`,
    sql`(select ${version('x')} from lahan x where x.sekolah_id = ${id})`,
    sql`(select ${version('x')} from galeri x where x.sekolah_id = ${id})`,
    sql`(select ${version('x')} from guru x where x.sekolah_id = ${id})`,
    ...RECORD_KINDS.map(
      (k) => sql`(select ${version('x')} from ${sql.identifier(k.table)} x where x.guru_id in ${gurus})`,
    ),
    sql`(select ${version('x')} from kgb_surat x where x.guru_id in ${gurus})`,
    sql`(select ${version('x')} from users x where x.username = ${s.npsn})`,
  ];
  return sql`concat_ws('|', ${sql.join(parts, sql`, `)})`;
}

/** Roles and every account's role, status and password (no route but the account routes may change them). */
const accountParts = sql`(select string_agg(id || ':' || name, ',' order by id) from roles) || '|' || (select string_agg(concat_ws(':', id, username, role_id, status_akun, must_change_password, password_hash), ',' order by id) from users)`;

export interface DataState {
  all: string;
  /** School A's, school B's data and the accounts (when asked for: only a write needs them). */
  A?: string;
  B?: string;
  accounts?: string;
}

let lastState: { key: string; state: DataState } | null = null;
/** How often the digests were computed and how often the last ones stood. */
export const digestCounts = { computed: 0, reused: 0 };

/**
 * The digests of all data and, with `perSchool`, of each school and of the accounts. Read first:
 * the end of the transaction id range and the number of stored files. While no transaction has
 * been given an id (only writing ones are) and no file came or went, nothing can have changed and
 * the last digests stand, so most refused calls cost this one query. (On a PostgreSQL server that
 * other databases share, their writes move the range too: then the digests are computed again.)
 */
export async function dataState(w: World, perSchool: boolean): Promise<DataState> {
  const db = w.t.database.db;
  const key = `${await writePosition(db)}:${w.t.files.size()}`;
  if (lastState?.key === key && (!perSchool || lastState.state.A !== undefined)) {
    digestCounts.reused++;
    return lastState.state;
  }
  digestCounts.computed++;
  const all = await databaseParts(w);
  const query = perSchool
    ? sql`select ${all} as d, ${schoolParts(w.A)} as "A", ${schoolParts(w.B)} as "B", ${accountParts} as accounts`
    : sql`select ${all} as d`;
  const [row] = rowsOf<Omit<DataState, 'all'> & { d: string }>(await db.execute(query));
  const state: DataState = {
    all: `${row!.d}|files:${w.t.files.size()}`,
    ...(perSchool ? { A: row!.A, B: row!.B, accounts: row!.accounts } : {}),
  };
  lastState = { key, state };
  return state;
}

/** The account rows and sessions as they are now, to put back after a route that changes them. */
export async function snapshotAccounts(w: World): Promise<() => Promise<void>> {
  const db = w.t.database.db;
  const userRows = await db.select().from(users);
  const sessionRows = await db.select({ id: sessions.id, revokedAt: sessions.revokedAt }).from(sessions);
  return async () => {
    const usersNow = new Map((await db.select().from(users)).map((u) => [u.id, u]));
    for (const u of userRows) {
      const now = usersNow.get(u.id);
      if (
        now &&
        now.passwordHash === u.passwordHash &&
        now.statusAkun === u.statusAkun &&
        now.mustChangePassword === u.mustChangePassword &&
        now.roleId === u.roleId
      )
        continue;
      await db
        .update(users)
        .set({
          passwordHash: u.passwordHash,
          statusAkun: u.statusAkun,
          mustChangePassword: u.mustChangePassword,
          roleId: u.roleId,
          updatedAt: u.updatedAt,
        })
        .where(eq(users.id, u.id));
    }
    const revokedNow = new Map(
      (await db.select({ id: sessions.id, revokedAt: sessions.revokedAt }).from(sessions)).map((r) => [
        r.id,
        r.revokedAt?.getTime() ?? null,
      ]),
    );
    for (const r of sessionRows) {
      if (revokedNow.get(r.id) !== (r.revokedAt?.getTime() ?? null))
        await db.update(sessions).set({ revokedAt: r.revokedAt }).where(eq(sessions.id, r.id));
    }
  };
}

// ----- the route table -----

export interface Req {
  url: string;
  /** JSON body. */
  body?: Record<string, unknown>;
  /** Multipart form. */
  form?: {
    fields: Record<string, string>;
    files?: Record<string, { bytes: Buffer; filename?: string; type?: string }>;
  };
}

export interface RouteSpec {
  access: Access;
  object: ObjectKind;
  request(w: World, target: Target): Req | Promise<Req>;
  /** A successful call may change data (default: every method but GET). */
  writes?: boolean;
  /** A successful call may change accounts (roles, status, passwords): checked otherwise. */
  accounts?: boolean;
  /** Why the route needs no sign-in. */
  publicReason?: string;
  /** Why an operator's answer may hold other schools' data. */
  sharedData?: string;
  /** The expected status where it differs from the general rule (reason in a comment there). */
  expect?: (caller: Caller, target: Target) => number | undefined;
  /** Sign in afresh for each signed-in caller: the route ends or changes the caller's session. */
  freshSession?: boolean;
  /** Put accounts and sessions back after each call (routes that deactivate, reset or change passwords). */
  restoreAccounts?: boolean;
}

const school = (w: World, target: Target): SchoolData | undefined =>
  target === 'A' ? w.A : target === 'B' ? w.B : undefined;
const npsnOf = (w: World, target: Target) => school(w, target)?.npsn ?? MISSING_NPSN;
const idOf = (w: World, target: Target, pick: (s: SchoolData) => number) => {
  const s = school(w, target);
  return s ? pick(s) : MISSING_ID;
};
/**
 * An object a successful call uses up (deleted, for instance): made for the route and kept while
 * calls are refused; the runner forgets it after each success and at the next route
 * (`forgetFresh`), so the next caller gets a new one.
 */
const freshId = async (w: World, target: Target, make: (s: SchoolData) => Promise<number>) => {
  const s = school(w, target);
  if (!s) return MISSING_ID;
  let id = w.fresh.get(target);
  if (id === undefined) {
    id = await make(s);
    w.fresh.set(target, id);
  }
  return id;
};

export const forgetFresh = (w: World) => w.fresh.clear();

const roomBody = (w: World, s: SchoolData | undefined) => ({
  nama: `Ruang ${s?.marker ?? 'Gamma'} ${w.seq()}`,
  ruangan: w.jenisRuangan,
  panjang: 9,
  lebar: 8,
  tinggi: 3.5,
  keterangan: `Kelas ${s?.marker ?? 'Gamma'}`,
  status: 'Baik',
});
const assetBody = (w: World, s: SchoolData | undefined, room: number) => ({
  nama: `Lemari ${s?.marker ?? 'Gamma'}`,
  asset_id: w.masterAset,
  kondisi: 'Baik',
  harga: 1500000,
  jumlah: 2,
  ruangan_id: room,
});
const lahanBody = (s: SchoolData | undefined, npsn: string) => ({
  nama: `Kebun ${s?.marker ?? 'Gamma'}`,
  luas: 500,
  tglperolehan: '2010-05-06',
  harga: 75000000,
  kondisi: 'Baik',
  keterangan: `Wakaf ${s?.marker ?? 'Gamma'}`,
  npsn,
});
const galeriFields = (s: SchoolData | undefined, npsn: string) => ({
  nama: `Foto ${s?.marker ?? 'Gamma'} baru`,
  jenis: 'sekolah',
  desk: `Lomba ${s?.marker ?? 'Gamma'}`,
  ket: `Lapangan ${s?.marker ?? 'Gamma'}`,
  npsn,
});
const image = (w: World) => ({ bytes: w.png, filename: 'foto.png', type: 'image/png' });
const document = (w: World) => ({ bytes: w.pdf, filename: 'dokumen.pdf', type: 'application/pdf' });

async function guruUpdateBody(w: World, id: number): Promise<Record<string, unknown>> {
  const [g] = await w.t.database.db.select().from(guru).where(eq(guru.id, id));
  if (!g)
    return {
      nama: 'Guru Gamma',
      tgl_lahir: '1985-04-12',
      jenis_kelamin: 'Laki-laki',
      id_jabatan: w.jabatan,
      sekolah_id: w.A.id,
      nip: null,
      golongan: null,
      status_guru: 'Honor Sekolah',
    };
  const body: Record<string, unknown> = {
    ...editFormOf(g, g.sekolah_id),
    status_guru: g.status_guru,
    tempat_lahir: g.tempat_lahir,
  };
  // Optimistic locking, where the teacher row has a version.
  if ('versi' in g) body.versi = (g as { versi: unknown }).versi;
  return body;
}

/** A decree history file naming a NIP nobody has: checked, nothing written. */
async function skWorkbook(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Riwayat SK');
  ws.addRow(SK_IMPOR_COLUMNS.map((c) => c.header));
  ws.addRow(SK_IMPOR_COLUMNS.map((c) => (c.key === 'nip' ? '199901012020121001' : c.contoh)));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function importWorkbook(w: World, s: SchoolData): Promise<Buffer> {
  const n = w.seq();
  const row: Record<string, string> = {
    nip: `198609262015${String(1 + (n % 12)).padStart(2, '0')}1${String(n % 1000).padStart(3, '0')}`,
    nama: `Guru Impor ${s.marker} ${n}`,
    jenis_kelamin: 'Laki-laki',
    tgl_lahir: '1986-09-26',
    npsn: s.npsn,
    status_guru: 'PNS',
    golongan: 'III/b',
    jabatan: 'Guru Mata Pelajaran',
  };
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Guru');
  ws.addRow(IMPOR_COLUMNS.map((c) => c.header));
  ws.addRow(IMPOR_COLUMNS.map((c) => row[c.key] ?? ''));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A Dapodik school list of one new school (a level the test office manages). */
async function sekolahWorkbook(w: World): Promise<Buffer> {
  const n = w.seq();
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sekolah');
  ws.addRow(['Data Pokok Sekolah']);
  ws.addRow(['NPSN', 'Nama Sekolah', 'Bentuk Pendidikan', 'Status']);
  ws.addRow([`7${String(n).padStart(7, '0')}`, `SD Impor ${n}`, 'SD', 'NEGERI']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const xlsxFile = (bytes: Buffer) => ({ bytes, filename: 'guru.xlsx', type: 'application/octet-stream' });

/** Every route of the app, by "METHOD url" as Fastify registers it. */
export function routeSpecs(): Record<string, RouteSpec> {
  const specs: Record<string, RouteSpec> = {};
  const add = (key: string, spec: RouteSpec) => {
    if (specs[key]) throw new Error(`route table: ${key} twice`);
    specs[key] = spec;
  };
  const none =
    (path: string): ((w: World) => Req) =>
    () => ({ url: path });

  // ----- public -----
  const docs = 'API reference (OpenAPI document and Swagger UI): describes the API, holds no data';
  for (const url of [
    '/api/docs',
    '/api/docs/static/index.html',
    '/api/docs/static/swagger-initializer.js',
    '/api/docs/json',
    '/api/docs/yaml',
  ]) {
    // Swagger UI sends static/index.html on to the reference page.
    const expect = url.endsWith('index.html') ? () => 302 : undefined;
    add(`GET ${url}`, {
      access: 'public',
      object: 'none',
      publicReason: docs,
      request: none(url),
      ...(expect ? { expect } : {}),
    });
  }
  add('GET /api/docs/static/*', {
    access: 'public',
    object: 'none',
    publicReason: docs,
    request: none('/api/docs/static/swagger-ui.css'),
  });
  add('GET /api/health', {
    access: 'public',
    object: 'none',
    publicReason: 'load balancer health check; answers only whether the database is reachable',
    request: none('/api/health'),
  });
  add('GET /api/health/live', {
    access: 'public',
    object: 'none',
    publicReason: 'liveness probe for supervisors; answers only that the process runs',
    request: none('/api/health/live'),
  });
  add('GET /api/health/ready', {
    access: 'public',
    object: 'none',
    publicReason:
      'readiness probe for load balancers; answers only whether the database is reachable and the process is not shutting down',
    request: none('/api/health/ready'),
  });
  add('GET /api/config', {
    access: 'public',
    object: 'none',
    publicReason:
      'map tile settings the login page needs before sign-in, and the office level and region printed on every letter',
    request: none('/api/config'),
  });
  add('POST /api/token', {
    access: 'public',
    object: 'none',
    publicReason: 'sign-in',
    // A login writes sessions and throttle counters only (not compared).
    writes: false,
    // The body signs in as operator A, whose account is deactivated during that caller's call.
    expect: (caller) => (caller === 'deactivated' ? 403 : undefined),
    request: (w) => ({ url: '/api/token', body: { username: w.A.npsn, password: TEST_PASSWORD } }),
  });
  add('GET /api/dokumen/:kode', {
    access: 'public',
    object: 'global',
    publicReason: 'anyone holding a KGB letter checks it by the code printed on it (name and masked NIP only)',
    request: (w, target) => ({ url: `/api/dokumen/${target === 'existing' ? w.A.letter.kode : 'KGB-ZZZZ-ZZZZ'}` }),
  });
  add('POST /api/dokumen/:kode/cek', {
    access: 'public',
    object: 'global',
    publicReason: 'compares an uploaded copy of a letter with the stored one (hashes only)',
    writes: false,
    request: (w, target) => ({
      url: `/api/dokumen/${target === 'existing' ? w.A.letter.kode : 'KGB-ZZZZ-ZZZZ'}/cek`,
      form: { fields: {}, files: { file: document(w) } },
    }),
  });
  add('GET /files/:key', {
    access: 'public',
    object: 'global',
    publicReason:
      "pictures of schools (logos, gallery photos) by their random 128-bit key; what a file is decides: teachers' photos and documents are never served here",
    request: (w, target) => ({ url: `/files/${target === 'existing' ? w.A.galeriFoto : `${'0'.repeat(32)}.jpg`}` }),
  });

  // ----- self-service -----
  add('POST /api/logout', {
    access: 'user',
    object: 'none',
    freshSession: true,
    writes: false,
    request: none('/api/logout'),
  });
  add('GET /api/me', { access: 'user', object: 'none', request: none('/api/me') });
  add('PUT /api/user/password', {
    access: 'user',
    object: 'none',
    freshSession: true,
    accounts: true,
    restoreAccounts: true,
    request: () => ({
      url: '/api/user/password',
      body: {
        password_lama: TEST_PASSWORD,
        password_baru: 'password-baru-789',
        konfirmasi_password: 'password-baru-789',
      },
    }),
  });
  add('POST /api/kunjungan', { access: 'user', object: 'none', request: none('/api/kunjungan') });
  // Two-factor sign-in of the caller's own account: no object of anyone else.
  add('GET /api/user/totp', { access: 'user', object: 'none', request: none('/api/user/totp') });
  add('POST /api/user/totp/setup', { access: 'user', object: 'none', request: none('/api/user/totp/setup') });
  // A signed-in caller reaches the check, which refuses the made-up code (422); nothing is written.
  const refusedCode = (caller: Caller) =>
    caller === 'opA' || caller === 'opB' || caller === 'admin' ? 422 : undefined;
  add('POST /api/user/totp/aktifkan', {
    access: 'user',
    object: 'none',
    writes: false,
    expect: refusedCode,
    request: () => ({ url: '/api/user/totp/aktifkan', body: { kode: '000000' } }),
  });
  add('POST /api/user/totp/nonaktifkan', {
    access: 'user',
    object: 'none',
    writes: false,
    expect: refusedCode,
    request: () => ({ url: '/api/user/totp/nonaktifkan', body: { password: TEST_PASSWORD, kode: '000000' } }),
  });

  // ----- accounts (administrators) -----
  add('GET /api/user', { access: 'admin', object: 'none', request: none('/api/user?page=1') });
  add('GET /api/user/cari', { access: 'admin', object: 'none', request: none('/api/user/cari?user=6&page=1') });
  for (const action of ['aktif', 'nonaktif', 'reset']) {
    // The id is the school's: its operator account is the object.
    add(`PUT /api/user/${action}/:id`, {
      access: 'admin',
      object: 'owned',
      accounts: true,
      restoreAccounts: true,
      request: (w, target) => ({ url: `/api/user/${action}/${idOf(w, target, (s) => s.id)}` }),
    });
  }

  // ----- master lists -----
  for (const path of [
    'masterbp',
    'kondisi',
    'fasilitas',
    'ruangan',
    'master-aset',
    'wilayah',
    ...REFERENSI_ENDPOINTS.map((e) => e.path),
  ]) {
    add(`GET /api/${path}`, { access: 'user', object: 'none', request: none(`/api/${path}`) });
  }
  for (const [create, item, table] of [
    ['/api/ruangan', '/api/ruangan/:id', jenisRuangan],
    ['/api/asset', '/api/asset/:id', masterAset],
  ] as const) {
    add(`POST ${create}`, {
      access: 'admin',
      object: 'none',
      request: (w) => ({ url: create, body: { nama: `Jenis Baru ${w.seq()}` } }),
    });
    add(`PUT ${item}`, {
      access: 'admin',
      object: 'global',
      request: (w, target) => ({
        url: item.replace(
          ':id',
          String(target === 'existing' ? (table === jenisRuangan ? w.jenisRuangan : w.masterAset) : MISSING_ID),
        ),
        body: { nama: `Jenis Ganti ${w.seq()}` },
      }),
    });
    add(`DELETE ${item}`, {
      access: 'admin',
      object: 'global',
      request: async (w, target) => {
        let id = target === 'existing' ? w.fresh.get(target) : MISSING_ID;
        if (id === undefined) {
          id = (
            await w.t.database.db
              .insert(table)
              .values({ nama: `Jenis Hapus ${w.seq()}` })
              .returning({ id: table.id })
          )[0]!.id;
          w.fresh.set(target, id);
        }
        return { url: item.replace(':id', String(id)) };
      },
    });
  }

  // ----- schools -----
  add('GET /api/sekolah', { access: 'user', object: 'none', request: none('/api/sekolah?page=1') });
  add('GET /api/sekolah/cari', {
    access: 'user',
    object: 'none',
    request: none('/api/sekolah/cari?sekolah=SMA&page=1'),
  });
  add('GET /api/semuasekolah', {
    access: 'user',
    object: 'none',
    sharedData: 'name, NPSN, address and position of every school, for pickers and the map (SPEC §7)',
    request: none('/api/semuasekolah'),
  });
  add('GET /api/sekolah/export', { access: 'user', object: 'none', request: none('/api/sekolah/export') });
  add('POST /api/sekolah', {
    access: 'admin',
    object: 'none',
    // Adds the school's operator account.
    accounts: true,
    request: (w) => ({
      url: '/api/sekolah',
      body: {
        npsn: `6N${String(w.seq()).padStart(6, '0')}`,
        nama_sekolah: 'SD Negeri Baru',
        bentuk_pendidikan: 'SD',
        status: 'Negeri',
      },
    }),
  });
  add('GET /api/sekolah/:npsn', {
    access: 'user',
    object: 'school',
    request: (w, target) => ({ url: `/api/sekolah/${npsnOf(w, target)}` }),
  });
  add('PUT /api/sekolah/:npsn', {
    access: 'user',
    object: 'school',
    request: (w, target) => {
      const s = school(w, target);
      return {
        url: `/api/sekolah/${npsnOf(w, target)}`,
        body: {
          npsn: npsnOf(w, target),
          nama_sekolah: s?.nama ?? 'SD Gamma',
          bentuk_pendidikan: 'SMA',
          status: 'Negeri',
          alamat: `Jl. ${s?.marker ?? 'Gamma'} No. 1`,
        },
      };
    },
  });
  add('POST /api/sekolah/:npsn/logo', {
    access: 'user',
    object: 'school',
    request: (w, target) => ({
      url: `/api/sekolah/${npsnOf(w, target)}/logo`,
      form: { fields: {}, files: { foto: image(w) } },
    }),
  });

  // ----- rooms and assets -----
  add('GET /api/ruangan/:npsn', {
    access: 'user',
    object: 'school',
    request: (w, target) => ({ url: `/api/ruangan/${npsnOf(w, target)}?page=1` }),
  });
  add('PUT /api/sekolah/ruangan/:npsn', {
    access: 'user',
    object: 'school',
    request: (w, target) => ({
      url: `/api/sekolah/ruangan/${npsnOf(w, target)}`,
      body: roomBody(w, school(w, target)),
    }),
  });
  add('GET /api/sekolah/ruangan/detail/:id', {
    access: 'user',
    object: 'owned',
    request: (w, target) => ({ url: `/api/sekolah/ruangan/detail/${idOf(w, target, (s) => s.room)}` }),
  });
  add('PUT /api/sekolah/ruangan/edit/:id', {
    access: 'user',
    object: 'owned',
    request: (w, target) => ({
      url: `/api/sekolah/ruangan/edit/${idOf(w, target, (s) => s.room)}`,
      body: roomBody(w, school(w, target)),
    }),
  });
  add('DELETE /api/sekolah/ruangan/:id', {
    access: 'user',
    object: 'owned',
    request: async (w, target) => ({ url: `/api/sekolah/ruangan/${await freshId(w, target, (s) => freshRoom(w, s))}` }),
  });
  add('GET /api/aset-ruangan/:roomId', {
    access: 'user',
    object: 'owned',
    request: (w, target) => ({ url: `/api/aset-ruangan/${idOf(w, target, (s) => s.room)}?page=1` }),
  });
  add('POST /api/aset', {
    access: 'user',
    object: 'owned',
    request: (w, target) => ({
      url: '/api/aset',
      body: assetBody(
        w,
        school(w, target),
        idOf(w, target, (s) => s.room),
      ),
    }),
  });
  add('PUT /api/aset/:id', {
    access: 'user',
    object: 'owned',
    request: (w, target) => ({
      url: `/api/aset/${idOf(w, target, (s) => s.asset)}`,
      body: assetBody(
        w,
        school(w, target),
        idOf(w, target, (s) => s.room),
      ),
    }),
  });
  add('DELETE /api/aset/:id', {
    access: 'user',
    object: 'owned',
    request: async (w, target) => ({ url: `/api/aset/${await freshId(w, target, (s) => freshAsset(w, s))}` }),
  });

  // ----- land -----
  add('GET /api/list-lahan/:npsn', {
    access: 'user',
    object: 'school',
    request: (w, target) => ({ url: `/api/list-lahan/${npsnOf(w, target)}?page=1` }),
  });
  add('GET /api/lahan/:id', {
    access: 'user',
    object: 'owned',
    request: (w, target) => ({ url: `/api/lahan/${idOf(w, target, (s) => s.lahan)}` }),
  });
  add('POST /api/lahan', {
    access: 'user',
    object: 'school',
    request: (w, target) => ({ url: '/api/lahan', body: lahanBody(school(w, target), npsnOf(w, target)) }),
  });
  add('PUT /api/lahan/:id', {
    access: 'user',
    object: 'owned',
    request: (w, target) => ({
      url: `/api/lahan/${idOf(w, target, (s) => s.lahan)}`,
      body: lahanBody(school(w, target), school(w, target)?.npsn ?? w.A.npsn),
    }),
  });
  add('DELETE /api/lahan/:id', {
    access: 'user',
    object: 'owned',
    request: async (w, target) => ({ url: `/api/lahan/${await freshId(w, target, (s) => freshLahan(w, s))}` }),
  });

  // ----- gallery -----
  add('GET /api/galeri', {
    access: 'user',
    object: 'school',
    request: (w, target) => ({ url: `/api/galeri?npsn=${npsnOf(w, target)}&page=1` }),
  });
  add('GET /api/galeri/:id', {
    access: 'user',
    object: 'owned',
    request: (w, target) => ({ url: `/api/galeri/${idOf(w, target, (s) => s.galeri)}` }),
  });
  add('POST /api/galeri', {
    access: 'user',
    object: 'school',
    request: (w, target) => ({
      url: '/api/galeri',
      form: { fields: galeriFields(school(w, target), npsnOf(w, target)), files: { foto: image(w) } },
    }),
  });
  add('POST /api/galeri/:id', {
    access: 'user',
    object: 'owned',
    request: (w, target) => ({
      url: `/api/galeri/${idOf(w, target, (s) => s.galeri)}?_method=put`,
      form: { fields: galeriFields(school(w, target), school(w, target)?.npsn ?? w.A.npsn) },
    }),
  });
  add('DELETE /api/galeri/:id', {
    access: 'user',
    object: 'owned',
    request: async (w, target) => ({ url: `/api/galeri/${await freshId(w, target, (s) => freshGaleri(w, s))}` }),
  });

  // ----- teachers -----
  for (const url of ['/api/guru', '/api/guru/'])
    add(`GET ${url}`, { access: 'user', object: 'none', request: none(`${url}?page=1`) });
  add('GET /api/guru/cari', { access: 'user', object: 'none', request: none('/api/guru/cari?guru=Guru&page=1') });
  add('GET /api/guru/export', { access: 'user', object: 'none', request: none('/api/guru/export') });
  add('GET /api/guru/:id', {
    access: 'user',
    object: 'owned',
    request: (w, target) => ({ url: `/api/guru/${idOf(w, target, (s) => s.guru)}` }),
  });
  add('POST /api/guru', {
    access: 'admin',
    // The school is named by sekolah_id in the form.
    object: 'owned',
    // An unknown sekolah_id is a field error of the form.
    expect: (caller, target) => (caller === 'admin' && target === 'missing' ? 422 : undefined),
    request: (w, target) => {
      const n = w.seq();
      return {
        url: '/api/guru',
        form: {
          fields: {
            nama: `Guru Baru ${school(w, target)?.marker ?? 'Gamma'}`,
            tgl_lahir: '1990-01-01',
            nip: `199001012016${String(1 + (n % 12)).padStart(2, '0')}1${String(n % 1000).padStart(3, '0')}`,
            jenis_kelamin: 'Laki-laki',
            golongan: 'III/a',
            id_jabatan: String(w.jabatan),
            sekolah_id: String(idOf(w, target, (s) => s.id)),
          },
          files: { foto: image(w) },
        },
      };
    },
  });
  add('PUT /api/guru/:id', {
    access: 'admin',
    object: 'owned',
    request: async (w, target) => ({
      url: `/api/guru/${idOf(w, target, (s) => s.guru)}`,
      body: await guruUpdateBody(
        w,
        idOf(w, target, (s) => s.guru),
      ),
    }),
  });
  add('GET /api/guru/:id/foto', {
    access: 'user',
    object: 'owned',
    request: (w, target) => ({ url: `/api/guru/${idOf(w, target, (s) => s.guru)}/foto` }),
  });
  add('POST /api/guru/:id/foto', {
    access: 'admin',
    object: 'owned',
    request: (w, target) => ({
      url: `/api/guru/${idOf(w, target, (s) => s.guru)}/foto`,
      form: { fields: {}, files: { foto: image(w) } },
    }),
  });
  add('PUT /api/guru/:id/status-kepegawaian', {
    access: 'admin',
    object: 'owned',
    request: (w, target) => ({
      url: `/api/guru/${idOf(w, target, (s) => s.guru)}/status-kepegawaian`,
      body: { status: 'aktif' },
    }),
  });
  add('PUT /api/guru/verifikasi/:id', {
    access: 'admin',
    object: 'owned',
    request: (w, target) => ({ url: `/api/guru/verifikasi/${idOf(w, target, (s) => s.guru)}` }),
  });
  add('GET /api/guru/import/template', { access: 'admin', object: 'none', request: none('/api/guru/import/template') });
  add('POST /api/guru/import/preview', {
    access: 'admin',
    object: 'none',
    writes: false,
    request: async (w) => ({
      url: '/api/guru/import/preview',
      form: { fields: {}, files: { file: xlsxFile(await importWorkbook(w, w.A)) } },
    }),
  });
  add('GET /api/riwayat-sk/import/template', {
    access: 'admin',
    object: 'none',
    request: none('/api/riwayat-sk/import/template'),
  });
  add('POST /api/riwayat-sk/import/preview', {
    access: 'admin',
    object: 'none',
    writes: false,
    request: async () => ({
      url: '/api/riwayat-sk/import/preview',
      form: { fields: {}, files: { file: xlsxFile(await skWorkbook()) } },
    }),
  });
  add('POST /api/riwayat-sk/import', {
    access: 'admin',
    object: 'none',
    writes: false,
    request: async () => ({
      url: '/api/riwayat-sk/import',
      form: { fields: { konfirmasi: 'ya' }, files: { file: xlsxFile(await skWorkbook()) } },
    }),
  });
  add('POST /api/sekolah/import/preview', {
    access: 'admin',
    object: 'none',
    writes: false,
    request: async (w) => ({
      url: '/api/sekolah/import/preview',
      form: { fields: {}, files: { file: xlsxFile(await sekolahWorkbook(w)) } },
    }),
  });
  // A new school comes with its (inactive) operator account, as POST /api/sekolah makes one.
  add('POST /api/sekolah/import', {
    access: 'admin',
    object: 'none',
    accounts: true,
    request: async (w) => ({
      url: '/api/sekolah/import',
      form: { fields: { konfirmasi: 'ya' }, files: { file: xlsxFile(await sekolahWorkbook(w)) } },
    }),
  });
  // The background import: a run started here would write after the call (its batches), under the
  // next cases' feet, so the administrator's start sends no file (422) and the run routes name a run
  // that does not exist (404); operators and the signed-out are refused as everywhere.
  const noRun = (status: number) => (caller: Caller) => (caller === 'admin' ? status : undefined);
  add('POST /api/guru/import/tugas', {
    access: 'admin',
    object: 'none',
    expect: noRun(422),
    request: () => ({ url: '/api/guru/import/tugas', form: { fields: {} } }),
  });
  add('GET /api/guru/import/tugas', { access: 'admin', object: 'none', request: none('/api/guru/import/tugas') });
  for (const [method, tail] of [
    ['GET', ''],
    ['POST', '/batal'],
    ['POST', '/lanjut'],
    ['GET', '/laporan'],
  ] as const) {
    add(`${method} /api/guru/import/tugas/:id${tail}`, {
      access: 'admin',
      object: 'none',
      expect: noRun(404),
      request: none(`/api/guru/import/tugas/${MISSING_ID}${tail}`),
    });
  }
  add('POST /api/guru/import', {
    access: 'admin',
    object: 'none',
    request: async (w) => ({
      url: '/api/guru/import',
      form: { fields: { konfirmasi: 'ya' }, files: { file: xlsxFile(await importWorkbook(w, w.A)) } },
    }),
  });

  // ----- teacher records (the nine kinds of contract/riwayat.ts) -----
  for (const kind of RECORD_KINDS) {
    const body = (w: World, target: Target, withGuru: boolean): Pick<Req, 'body' | 'form'> => {
      const fields: Record<string, string> = { ...recordFields(w, kind, school(w, target)) };
      if (withGuru) fields.guru_id = String(idOf(w, target, (s) => s.guru));
      if (!kind.multipart) return { body: fields };
      const file = kind.fields.find((f) => f.type === 'file')!;
      return { form: { fields, files: withGuru ? { [file.name]: document(w) } : {} } };
    };
    const record = (w: World, target: Target) => idOf(w, target, (s) => s.records[kind.key]);
    add(`GET /api/${kind.key}`, {
      access: 'user',
      object: 'owned',
      request: (w, target) => ({ url: `/api/${kind.key}?id_guru=${idOf(w, target, (s) => s.guru)}&page=1` }),
    });
    add(`GET /api/${kind.key}/:id`, {
      access: 'user',
      object: 'owned',
      request: (w, target) => ({ url: `/api/${kind.key}/${record(w, target)}` }),
    });
    const createPath = `/api/${kind.createPath.replace(/\/$/, '')}`;
    for (const url of [createPath, `${createPath}/`])
      add(`POST ${url}`, {
        access: 'user',
        object: 'owned',
        request: (w, target) => ({ url, ...body(w, target, true) }),
      });
    const updatePath = `/api/${kind.updatePath.replace('{id}', ':id')}`;
    add(`${kind.updateMethod} ${updatePath}`, {
      access: 'user',
      object: 'owned',
      request: (w, target) => ({
        url: updatePath.replace(':id', String(record(w, target))),
        ...body(w, target, false),
      }),
    });
    add(`DELETE /api/${kind.key}/:id`, {
      access: 'user',
      object: 'owned',
      request: async (w, target) => ({
        url: `/api/${kind.key}/${await freshId(w, target, (s) => freshRecord(w, s, kind))}`,
      }),
    });
    if (kind.verifiable)
      add(`PUT /api/${kind.key}/verifikasi/:id`, {
        access: 'admin',
        object: 'owned',
        request: (w, target) => ({ url: `/api/${kind.key}/verifikasi/${record(w, target)}` }),
      });
    if (kind.fields.some((f) => f.type === 'file'))
      add(`GET /api/${kind.key}/:id/file`, {
        access: 'user',
        object: 'owned',
        request: (w, target) => ({ url: `/api/${kind.key}/${record(w, target)}/file` }),
      });
  }

  // ----- KGB -----
  add('GET /api/kgb', { access: 'user', object: 'none', request: none('/api/kgb?page=1') });
  add('GET /api/kgb/export', { access: 'user', object: 'none', request: none('/api/kgb/export') });
  add('GET /api/kgb/:id/pdf', {
    access: 'admin',
    object: 'owned',
    request: (w, target) => ({ url: `/api/kgb/${idOf(w, target, (s) => s.kgbGuru)}/pdf` }),
  });
  add('GET /api/kgb/:id/draft.pdf', {
    access: 'admin',
    object: 'owned',
    request: (w, target) => ({ url: `/api/kgb/${idOf(w, target, (s) => s.kgbGuru)}/draft.pdf` }),
  });
  add('GET /api/kgb/surat/:id/pdf', {
    access: 'admin',
    object: 'owned',
    request: (w, target) => ({ url: `/api/kgb/surat/${idOf(w, target, (s) => s.letter.id)}/pdf` }),
  });
  for (const method of ['GET', 'POST']) {
    add(`${method} /api/kgb/:id/verifikasi`, {
      access: 'admin',
      object: 'owned',
      // SPEC §7 verifies with GET: it writes the letter.
      writes: true,
      request: async (w, target) => ({
        url: `/api/kgb/${await freshId(w, target, (s) => once(w, `${method} verifikasi ${s.key}`, () => freshDueGuru(w, s)))}/verifikasi`,
      }),
    });
  }
  add('POST /api/kgb/:id/signature', {
    access: 'admin',
    object: 'owned',
    request: async (w, target) => {
      const id = await freshId(w, target, (s) =>
        once(w, `signature ${s.key}`, async () => (await freshVerifiedLetter(w, s, 'signature')).guru),
      );
      return { url: `/api/kgb/${id}/signature`, body: { passphrase: w.passphrase } };
    },
  });
  add('POST /api/kgb/surat/:id/pembatalan', {
    access: 'admin',
    object: 'owned',
    request: async (w, target) => {
      const id = await freshId(w, target, (s) =>
        once(w, `pembatalan ${s.key}`, async () => {
          const letter = await freshVerifiedLetter(w, s, 'the cancellation notice');
          const signed = await w.t.call('POST', `/api/kgb/${letter.guru}/signature`, {
            token: w.tokens.admin,
            body: { passphrase: w.passphrase },
          });
          if (signed.status !== 200) throw new Error(`sign for the cancellation notice: ${signed.status}`);
          const cancelled = await w.t.call('POST', `/api/kgb/surat/${letter.surat}/batal`, {
            token: w.tokens.admin,
            body: { alasan: 'Pembatalan untuk uji hak akses' },
          });
          if (cancelled.status !== 200) throw new Error(`cancel for the cancellation notice: ${cancelled.status}`);
          return letter.surat;
        }),
      );
      return { url: `/api/kgb/surat/${id}/pembatalan`, body: { passphrase: w.passphrase } };
    },
  });
  add('POST /api/kgb/surat/:id/batal', {
    access: 'admin',
    object: 'owned',
    request: async (w, target) => {
      const id = await freshId(w, target, (s) =>
        once(w, `batal ${s.key}`, async () => (await freshVerifiedLetter(w, s, 'cancel')).surat),
      );
      return { url: `/api/kgb/surat/${id}/batal`, body: { alasan: 'Pembatalan untuk uji hak akses' } };
    },
  });
  add('GET /api/kgb/:id/penundaan', {
    access: 'admin',
    object: 'owned',
    request: (w, target) => ({ url: `/api/kgb/${idOf(w, target, (s) => s.kgbGuru)}/penundaan` }),
  });
  add('POST /api/kgb/:id/penundaan', {
    access: 'admin',
    object: 'owned',
    request: async (w, target) => ({
      url: `/api/kgb/${await freshId(w, target, (s) => once(w, `penundaan ${s.key}`, () => freshDueGuru(w, s)))}/penundaan`,
      body: { bulan: 6, alasan: 'Penundaan untuk uji hak akses' },
    }),
  });
  add('DELETE /api/kgb/penundaan/:id', {
    access: 'admin',
    object: 'owned',
    request: async (w, target) => {
      const id = await freshId(w, target, (s) =>
        once(w, `hapus penundaan ${s.key}`, async () => {
          const g = await freshDueGuru(w, s);
          const res = await w.t.call<{ id: number }[]>('POST', `/api/kgb/${g}/penundaan`, {
            token: w.tokens.admin,
            body: { bulan: 6, alasan: 'Penundaan untuk uji hak akses' },
          });
          if (res.status !== 200) throw new Error(`postpone for delete: ${res.status}`);
          return res.body.data.at(-1)!.id;
        }),
      );
      return { url: `/api/kgb/penundaan/${id}` };
    },
  });
  add('GET /api/kgb/:id/surat', {
    access: 'admin',
    object: 'owned',
    request: (w, target) => ({ url: `/api/kgb/${idOf(w, target, (s) => s.kgbGuru)}/surat` }),
  });
  add('GET /api/arsip/kgb', { access: 'admin', object: 'none', request: none('/api/arsip/kgb?page=1') });
  // The monthly run: a month with nothing in it, so an administrator's call is let
  // through and answered by the run itself (nothing to draft, verify or sign: 422; a run or a
  // teacher not in it: 404) and changes nothing.
  const emptyMonth = '2030-01';
  const adminAnswers = (status: number) => (caller: Caller) => (caller === 'admin' ? status : undefined);
  add('GET /api/kgb/periode', {
    access: 'admin',
    object: 'none',
    request: none(`/api/kgb/periode?bulan=${emptyMonth}`),
  });
  add('POST /api/kgb/periode/draf', {
    access: 'admin',
    object: 'none',
    writes: false,
    expect: adminAnswers(422),
    request: () => ({ url: '/api/kgb/periode/draf', body: { bulan: emptyMonth } }),
  });
  add('POST /api/kgb/periode/kembalikan', {
    access: 'admin',
    object: 'none',
    writes: false,
    expect: adminAnswers(404),
    request: (w) => ({
      url: '/api/kgb/periode/kembalikan',
      body: { bulan: emptyMonth, guru_id: w.A.kgbGuru, catatan: 'Catatan uji hak akses' },
    }),
  });
  add('POST /api/kgb/periode/verifikasi', {
    access: 'admin',
    object: 'none',
    writes: false,
    expect: adminAnswers(422),
    request: () => ({ url: '/api/kgb/periode/verifikasi', body: { bulan: emptyMonth } }),
  });
  add('POST /api/kgb/periode/ttd', {
    access: 'admin',
    object: 'none',
    writes: false,
    expect: adminAnswers(422),
    request: (w) => ({ url: '/api/kgb/periode/ttd', body: { bulan: emptyMonth, passphrase: w.passphrase } }),
  });
  add('GET /api/kgb/tugas/:id', {
    access: 'admin',
    object: 'none',
    expect: adminAnswers(404),
    request: none(`/api/kgb/tugas/${MISSING_ID}`),
  });
  add('GET /api/kgb/periode/nominatif', {
    access: 'admin',
    object: 'none',
    request: none(`/api/kgb/periode/nominatif?bulan=${emptyMonth}`),
  });
  add('POST /api/kgb/periode/nominatif', {
    access: 'admin',
    object: 'none',
    writes: false,
    expect: adminAnswers(422),
    request: (w) => ({ url: '/api/kgb/periode/nominatif', body: { bulan: emptyMonth, passphrase: w.passphrase } }),
  });
  add('GET /api/kgb/periode/gaji', {
    access: 'admin',
    object: 'none',
    request: none(`/api/kgb/periode/gaji?bulan=${emptyMonth}&format=csv`),
  });
  add('POST /api/kgb/surat/:id/status-gaji', {
    access: 'admin',
    object: 'none',
    writes: false,
    expect: adminAnswers(404),
    request: () => ({ url: `/api/kgb/surat/${MISSING_ID}/status-gaji`, body: { status: 'diterima' } }),
  });
  // Rank promotion (docs/domain/kenaikan-pangkat.md): the list and a teacher's result for every
  // signed-in caller (an operator's within their school); batches and decisions for administrators,
  // called on a proposal that does not exist (404) or for a teacher that does not exist: nothing changes.
  add('GET /api/kenaikan-pangkat', {
    access: 'user',
    object: 'none',
    request: none(`/api/kenaikan-pangkat?periode=${emptyMonth}`),
  });
  add('GET /api/kenaikan-pangkat/ringkasan', {
    access: 'user',
    object: 'none',
    request: none(`/api/kenaikan-pangkat/ringkasan?periode=${emptyMonth}`),
  });
  add('GET /api/kenaikan-pangkat/guru/:id', {
    access: 'user',
    object: 'owned',
    request: (w, target) => ({ url: `/api/kenaikan-pangkat/guru/${idOf(w, target, (s) => s.guru)}` }),
  });
  add('GET /api/kenaikan-pangkat/usulan', {
    access: 'admin',
    object: 'none',
    request: none(`/api/kenaikan-pangkat/usulan?periode=${emptyMonth}`),
  });
  add('POST /api/kenaikan-pangkat/usulan', {
    access: 'admin',
    object: 'none',
    writes: false,
    expect: adminAnswers(404),
    request: () => ({
      url: '/api/kenaikan-pangkat/usulan',
      body: { periode: emptyMonth, nomor_surat: 'Uji/1', tanggal_surat: '2029-12-01', guru_ids: [MISSING_ID] },
    }),
  });
  for (const tail of ['', '/surat', '/nominatif'])
    add(`GET /api/kenaikan-pangkat/usulan/:id${tail}`, {
      access: 'admin',
      object: 'none',
      expect: adminAnswers(404),
      request: none(`/api/kenaikan-pangkat/usulan/${MISSING_ID}${tail}`),
    });
  add('POST /api/kenaikan-pangkat/usulan-guru/:id/status', {
    access: 'admin',
    object: 'none',
    writes: false,
    expect: adminAnswers(404),
    request: () => ({
      url: `/api/kenaikan-pangkat/usulan-guru/${MISSING_ID}/status`,
      body: { status: 'tms', alasan: 'Uji hak akses' },
    }),
  });
  add('PUT /api/kenaikan-pangkat/usulan-guru/:id/dokumen', {
    access: 'admin',
    object: 'none',
    writes: false,
    expect: adminAnswers(404),
    request: () => ({
      url: `/api/kenaikan-pangkat/usulan-guru/${MISSING_ID}/dokumen`,
      body: { dokumen: { skp: true } },
    }),
  });
  add('POST /api/kenaikan-pangkat/usulan-guru/:id/tetapkan', {
    access: 'admin',
    object: 'none',
    writes: false,
    expect: adminAnswers(404),
    request: () => ({
      url: `/api/kenaikan-pangkat/usulan-guru/${MISSING_ID}/tetapkan`,
      body: {
        sk_nomor: 'Uji/2',
        sk_tanggal: '2029-12-20',
        sk_tmt: '2030-01-01',
        sk_pejabat: 'Kepala BKN',
        mkg_tahun: 10,
        mkg_bulan: 0,
      },
    }),
  });
  // Retirement (docs/domain/pensiun.md): the list, a teacher's dates and DPCP for every signed-in
  // caller (an operator's within their school); the letter and the proposal's state for
  // administrators, called for a teacher that does not exist: nothing changes.
  add('GET /api/pensiun', { access: 'user', object: 'none', request: none('/api/pensiun') });
  add('GET /api/pensiun/ringkasan', { access: 'user', object: 'none', request: none('/api/pensiun/ringkasan') });
  for (const tail of ['', '/dpcp'])
    add(`GET /api/pensiun/:guruId${tail}`, {
      access: 'user',
      object: 'owned',
      request: (w, target) => ({ url: `/api/pensiun/${idOf(w, target, (s) => s.guru)}${tail}` }),
    });
  for (const tail of ['/surat', '/skpp'])
    add(`GET /api/pensiun/:guruId${tail}`, {
      access: 'admin',
      object: 'none',
      expect: adminAnswers(404),
      request: none(`/api/pensiun/${MISSING_ID}${tail}`),
    });
  add('PUT /api/pensiun/:guruId/usul', {
    access: 'admin',
    object: 'none',
    writes: false,
    expect: adminAnswers(404),
    request: () => ({ url: `/api/pensiun/${MISSING_ID}/usul`, body: { status: 'disiapkan', versi: null } }),
  });
  add('GET /api/arsip/kgb/export', { access: 'admin', object: 'none', request: none('/api/arsip/kgb/export') });
  add('GET /api/pejabat', { access: 'admin', object: 'none', request: none('/api/pejabat') });
  add('GET /api/pejabat/status', { access: 'admin', object: 'none', request: none('/api/pejabat/status') });
  add('POST /api/pejabat', {
    access: 'admin',
    object: 'none',
    request: (w) => ({
      url: '/api/pejabat',
      form: {
        fields: {
          nama: 'Drs. Pejabat Kedua',
          nip: '197105051996031003',
          jabatan: 'Sekretaris Dinas',
          passphrase: w.passphrase,
        },
        files: { p12: { bytes: w.p12, filename: 'kunci.p12', type: 'application/x-pkcs12' } },
      },
    }),
  });
  add('PUT /api/pejabat/:id/aktif', {
    access: 'admin',
    object: 'global',
    request: (w, target) => ({ url: `/api/pejabat/${target === 'existing' ? w.pejabatId : MISSING_ID}/aktif` }),
  });
  // A delegation to SLB schools: the test world has none, so every letter stays the active official's.
  add('PUT /api/pejabat/:id/delegasi', {
    access: 'admin',
    object: 'global',
    request: (w, target) => ({
      url: `/api/pejabat/${target === 'existing' ? w.pejabatId : MISSING_ID}/delegasi`,
      body: { jenjang: ['SLB'] },
    }),
  });
  add('DELETE /api/pejabat/:id/delegasi', {
    access: 'admin',
    object: 'global',
    request: (w, target) => ({ url: `/api/pejabat/${target === 'existing' ? w.pejabatId : MISSING_ID}/delegasi` }),
  });
  add('GET /api/pengaturan/kgb', { access: 'admin', object: 'none', request: none('/api/pengaturan/kgb') });
  // The office profile; the zone stays the test office's (WIT).
  const kantor = {
    tingkat: 'kabupaten_kota',
    wilayah: 'Kota Ternate',
    nama_instansi: 'Dinas Pendidikan',
    alamat: 'Jl. Pahlawan Revolusi No. 1',
    kota: 'Ternate',
    telepon: '(0921) 3121234',
    email: null,
    laman: null,
    kepala_daerah: 'Wali Kota Ternate',
    zona_waktu: 'Asia/Jayapura',
  };
  // Notices: every signed-in user; an operator reads and marks only their school's.
  add('GET /api/notifikasi', { access: 'user', object: 'none', request: none('/api/notifikasi') });
  add('GET /api/notifikasi/jumlah', { access: 'user', object: 'none', request: none('/api/notifikasi/jumlah') });
  add('POST /api/notifikasi/baca', {
    access: 'user',
    object: 'none',
    request: () => ({ url: '/api/notifikasi/baca', body: {} }),
  });
  add('GET /api/pengaturan/kantor', { access: 'admin', object: 'none', request: none('/api/pengaturan/kantor') });
  add('PUT /api/pengaturan/kantor', {
    access: 'admin',
    object: 'none',
    request: () => ({ url: '/api/pengaturan/kantor', body: kantor }),
  });
  add('PUT /api/pengaturan/kantor/logo', {
    access: 'admin',
    object: 'none',
    request: (w) => ({ url: '/api/pengaturan/kantor/logo', form: { fields: {}, files: { logo: image(w) } } }),
  });
  add('DELETE /api/pengaturan/kantor/logo', {
    access: 'admin',
    object: 'none',
    request: none('/api/pengaturan/kantor/logo'),
  });
  add('GET /api/pengaturan/kantor/logo', {
    access: 'admin',
    object: 'none',
    // A logo to read first, uploaded by an administrator.
    request: async (w) => {
      await w.t.call('PUT', '/api/pengaturan/kantor/logo', {
        token: w.tokens.admin,
        form: { fields: {}, files: { logo: image(w) } },
      });
      return { url: '/api/pengaturan/kantor/logo' };
    },
  });
  add('PUT /api/pengaturan/kgb', {
    access: 'admin',
    object: 'none',
    request: () => ({ url: '/api/pengaturan/kgb', body: { ...DEFAULT_LETTER_SETTINGS } }),
  });

  // ----- data quality, statistics, dashboard -----
  add('GET /api/kualitas-data', { access: 'admin', object: 'none', request: none('/api/kualitas-data') });
  add('GET /api/kualitas-data/:kode', {
    access: 'admin',
    object: 'global',
    // The checks are a fixed list: an unknown code is a parameter error.
    expect: (caller, target) => (caller === 'admin' && target === 'missing' ? 422 : undefined),
    request: (_w, target) => ({
      url: `/api/kualitas-data/${target === 'existing' ? KUALITAS_CHECKS[0]!.kode : 'tidak-dikenal'}?page=1`,
    }),
  });
  for (const name of STATISTIK)
    add(`GET /api/data-statistik/${name}`, {
      access: 'admin',
      object: 'none',
      request: none(`/api/data-statistik/${name}`),
    });
  add('GET /api/dashboard', { access: 'admin', object: 'none', request: none('/api/dashboard') });

  // ----- audit trail -----
  add('GET /api/audit', { access: 'admin', object: 'none', request: none('/api/audit?page=1') });
  add('GET /api/audit/:id', {
    access: 'admin',
    object: 'global',
    request: async (w, target) => {
      const [row] = rowsOf<{ id: string | number | null }>(
        await w.t.database.db.execute(sql`select min(id) as id from audit_log`),
      );
      return { url: `/api/audit/${target === 'existing' ? Number(row!.id) : MISSING_ID}` };
    },
  });

  return specs;
}

/**
 * The status a caller should get. Signed-out callers 401 on every non-public route; operators 403
 * on administrator routes; then by object: nothing or an existing office-wide object 200; a
 * missing object 404 (for operators on an NPSN route 403, see ObjectKind 'school'); a school's
 * object 200 for administrators and its own operator, 403 for the other school's operator.
 */
export function expectedStatus(spec: RouteSpec, caller: Caller, target: Target): number {
  const special = spec.expect?.(caller, target);
  if (special !== undefined) return special;
  if (spec.access === 'public') return target === 'missing' ? 404 : 200;
  if (SIGNED_OUT.includes(caller)) return 401;
  const operator = caller === 'opA' || caller === 'opB';
  if (spec.access === 'admin' && operator) return 403;
  if (target === 'none' || target === 'existing') return 200;
  if (target === 'missing') return spec.object === 'school' && operator ? 403 : 404;
  if (!operator) return 200;
  return (caller === 'opA') === (target === 'A') ? 200 : 403;
}
