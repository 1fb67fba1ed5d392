// Authorization matrix: every route of the app × every kind of caller × school A's object,
// school B's object and a missing one. The routes come from the app's own route table
// (routeTable in server/plugins/auth.ts); a route without an entry in authz-fixtures.ts fails the
// first test, so a new route cannot escape. For every call: the status is the designed one, an
// answer to an operator holds nothing of the other school, a refused call (and every read) leaves
// the database as it was, and a successful write leaves the other school and every account alone.
// Bodies are valid (a 403 is not hidden behind a 422) and carry fields no caller may set.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import { createSchoolWithOperator, encodeMultipart, TEST_PASSWORD } from './test-app.ts';
import { rowsOf } from '../db/client.ts';
import { galeri, guru, kunjungan, lahan, sekolah, users } from '../db/schema/index.ts';
import { recordTableOf } from '../db/schema/riwayat.ts';
import { routeTable } from '../plugins/auth.ts';
import { ROLE_OPERATOR } from '#contract/auth.ts';
import { RECORD_KIND } from '#contract/riwayat.ts';
import {
  CALLERS,
  SIGNED_OUT,
  TARGETS,
  buildWorld,
  dataState,
  digestCounts,
  digestTables,
  expectedStatus,
  forgetFresh,
  freshAsset,
  freshRecord,
  recordFields,
  routeSpecs,
  snapshotAccounts,
  type Caller,
  type DataState,
  type Req,
  type RouteSpec,
  type SchoolData,
  type Target,
  type World,
} from './authz-fixtures.ts';

const SPECS = routeSpecs();
let w: World;
let wilayahBefore: string;
const counts = { cases: 0, head: 0 };

const wilayahDigest = async () =>
  rowsOf<{ d: string }>(
    await w.t.database.db.execute(
      sql`select count(*) || ':' || coalesce(sum(('x' || substr(md5(x::text), 1, 15))::bit(60)::bigint), 0) as d from wilayah x`,
    ),
  )[0]!.d;

beforeAll(async () => {
  w = await buildWorld();
  wilayahBefore = await wilayahDigest();
});

afterAll(async () => {
  await w?.t.app.close();
});

// ----- calling -----

interface Answer {
  status: number;
  text: string;
  contentType: string;
}

/** The text of an answer, for the leak search: JSON and text as they are, workbooks cell by cell. */
async function answerText(contentType: string, raw: Buffer): Promise<string> {
  if (contentType.includes('spreadsheetml')) {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(raw as unknown as ArrayBuffer);
    const cells: string[] = [];
    wb.eachSheet((ws) => ws.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.text)))));
    return cells.join('\t');
  }
  if (/json|text|javascript|yaml/.test(contentType)) return raw.toString('utf8');
  // PDFs and images: binary, only ever sent to administrators and the owning operator.
  return '';
}

async function send(method: string, req: Req, token: string | undefined): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  let payload: string | Buffer | undefined;
  if (req.form) {
    const encoded = encodeMultipart(req.form);
    headers['content-type'] = encoded.contentType;
    payload = encoded.payload;
  } else if (req.body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(req.body);
  }
  const res = await w.t.app.inject({
    method: method as 'GET',
    url: req.url,
    headers,
    ...(payload !== undefined ? { payload } : {}),
  });
  const contentType = String(res.headers['content-type'] ?? '');
  return {
    status: res.statusCode,
    contentType,
    text: method === 'HEAD' ? '' : await answerText(contentType, res.rawPayload),
  };
}

const tokenOf = (caller: Caller): string | undefined => (caller === 'anon' ? undefined : w.tokens[caller]);

/** Each route's first expired call presents a session nobody has presented since it expired. */
function nextExpiredToken() {
  const token = w.expiredTokens.pop();
  if (token) w.tokens.expired = token;
}
const usernameOf = (caller: Caller) => (caller === 'opA' ? w.A.npsn : caller === 'opB' ? w.B.npsn : 'admin');

/**
 * Fields no caller may set, added to every body that does not carry them already: another
 * school's id, NPSN and an object id of it, the administrator role, an account status and a
 * verification mark. They must be ignored (the checks after a success) or refused.
 */
function withForbiddenFields(req: Req, target: Target): Req {
  const other = target === 'B' ? w.A : w.B;
  const extras: Record<string, string | number> = {
    id: other.lahan,
    sekolah_id: other.id,
    npsn: other.npsn,
    role: 1,
    role_id: 1,
    status_akun: 0,
    verifikasi: 1,
    status: 1,
    user_id: w.adminId,
  };
  if (req.body) return { ...req, body: { ...extras, ...req.body } };
  if (req.form)
    return {
      ...req,
      form: {
        ...req.form,
        fields: { ...Object.fromEntries(Object.entries(extras).map(([k, v]) => [k, String(v)])), ...req.form.fields },
      },
    };
  return req;
}

const markersOf = (s: SchoolData) => [s.marker, s.npsn, s.nip, s.nik];

/** Markers of `s` found in `text` (case-insensitive). */
function leaked(text: string, s: SchoolData): string[] {
  const lower = text.toLowerCase();
  return markersOf(s).filter((m) => lower.includes(m.toLowerCase()));
}

const state = (perSchool = true): Promise<DataState> => dataState(w, perSchool);

async function setOperatorStatus(s: SchoolData, status: number) {
  await w.t.database.db.update(users).set({ statusAkun: status }).where(eq(users.id, s.operatorId));
}

/** One call of the matrix; answers what was wrong with it (nothing: []). */
async function runCase(
  key: string,
  spec: RouteSpec,
  method: string,
  caller: Caller,
  target: Target,
): Promise<string[]> {
  const label = `${method} ${key.slice(key.indexOf(' ') + 1)} ${caller}→${target}`;
  const expected = expectedStatus(spec, caller, target);
  const req = withForbiddenFields(await spec.request(w, target), target);
  let token = tokenOf(caller);
  if (spec.freshSession && !SIGNED_OUT.includes(caller)) token = await w.t.login(usernameOf(caller));
  const restore = spec.restoreAccounts ? await snapshotAccounts(w) : null;

  const writes = spec.writes ?? method !== 'GET';
  const before = await state(writes);
  const res = await send(method, req, token);
  const ok = res.status >= 200 && res.status < 300;
  const after = await state(writes && ok);

  if (restore) await restore();

  if (ok) forgetFresh(w);
  const problems: string[] = [];
  if (res.status !== expected)
    problems.push(`${label}: status ${res.status}, expected ${expected} (${res.text.slice(0, 160)})`);

  // Leaks: nothing of a school in a refusal, nothing of the other school for an operator.
  if (spec.access !== 'public') {
    const forbidden: SchoolData[] = [];
    if (!ok || SIGNED_OUT.includes(caller)) forbidden.push(w.A, w.B);
    else if (caller === 'opA' && !spec.sharedData) forbidden.push(w.B);
    else if (caller === 'opB' && !spec.sharedData) forbidden.push(w.A);
    for (const s of forbidden) {
      const found = leaked(res.text, s);
      if (found.length) problems.push(`${label}: answer holds school ${s.key}'s data (${found.join(', ')})`);
    }
  }

  // Database: unchanged after a refusal or a read.
  if (!ok || !writes) {
    if (after.all !== before.all)
      problems.push(
        `${label}: status ${res.status} but the database changed (${changedTables(before.all, after.all)})`,
      );
  } else {
    // A success touches only its own school's data, and no account unless it is an account route.
    const untouched: SchoolData[] = [];
    if (caller === 'opA' || (caller === 'admin' && target === 'A')) untouched.push(w.B);
    if (caller === 'opB' || (caller === 'admin' && target === 'B')) untouched.push(w.A);
    for (const s of untouched)
      if (after[s.key] !== before[s.key]) problems.push(`${label}: school ${s.key}'s data changed`);
    if (!spec.accounts && after.accounts !== before.accounts) problems.push(`${label}: accounts changed`);
  }
  return problems;
}

function changedTables(before: string, after: string): string {
  const a = before.split('|');
  const b = after.split('|');
  return (
    b
      .filter((part, i) => part !== a[i])
      .map((part) => part.split(':')[0])
      .join(', ') || 'row order'
  );
}

// ----- the route table -----

describe('route table', () => {
  it('every route of the app has an entry with the access it declares, and every entry is a route', () => {
    const table = routeTable(w.t.app);
    expect(table.length).toBeGreaterThan(100);
    const problems: string[] = [];
    const seen = new Set<string>();
    for (const r of table) {
      const key = `${r.method} ${r.url}`;
      // Outside /api nothing asks for a sign-in (the auth hook only looks at config.access).
      const access = r.access ?? 'public';
      if (r.method === 'HEAD') {
        // Fastify's HEAD twin of a GET route: same handler, same access (checked; its calls below).
        const get = table.find((g) => g.method === 'GET' && (g.url === r.url || `${g.url}/` === r.url));
        if (!get) problems.push(`${key}: HEAD without GET`);
        else if ((get.access ?? 'public') !== access) problems.push(`${key}: HEAD access ${access}, GET ${get.access}`);
        continue;
      }
      seen.add(key);
      const spec = SPECS[key];
      if (!spec)
        problems.push(
          `${key}: no entry in server/test/authz-fixtures.ts (how to call it for school A, school B and a missing object)`,
        );
      else if (spec.access !== access)
        problems.push(`${key}: declares '${access}', the matrix expects '${spec.access}'`);
      else if (access === 'public' && !spec.publicReason) problems.push(`${key}: public without a reason`);
    }
    for (const key of Object.keys(SPECS))
      if (!seen.has(key)) problems.push(`${key}: in the matrix but not a route of the app`);
    expect(problems).toEqual([]);
  });
});

// ----- the matrix -----

describe('authorization matrix', () => {
  /** The calls of one route for some callers (GET routes: HEAD too, wherever GET is refused). */
  async function routeCases(key: string, callers: readonly Caller[]): Promise<string[]> {
    const spec = SPECS[key]!;
    const method = key.slice(0, key.indexOf(' '));
    const problems: string[] = [];
    forgetFresh(w);
    // A GET route that writes (KGB verification) has no HEAD twin; the route table says which do.
    const url = key.slice(key.indexOf(' ') + 1);
    const hasHead = routeTable(w.t.app).some((r) => r.method === 'HEAD' && r.url === url);
    for (const m of method === 'GET' && hasHead ? ['GET', 'HEAD'] : [method]) {
      for (const caller of callers) {
        for (const target of TARGETS[spec.object]) {
          // HEAD: where GET is refused; of the signed-out callers only 'anon' (the others take the
          // same path through the authentication hook as their GET calls).
          if (
            m === 'HEAD' &&
            (expectedStatus(spec, caller, target) < 300 || (caller !== 'anon' && SIGNED_OUT.includes(caller)))
          )
            continue;
          counts[m === 'HEAD' ? 'head' : 'cases']++;
          problems.push(...(await runCase(key, spec, m, caller, target)));
        }
      }
    }
    return problems;
  }

  it.each(Object.keys(SPECS))('%s', async (key) => {
    nextExpiredToken();
    expect(
      await routeCases(
        key,
        CALLERS.filter((c) => c !== 'deactivated'),
      ),
    ).toEqual([]);
  });

  it('deactivated account: operator A, deactivated while its sessions are open, on every route', async () => {
    // One deactivation for all routes, as in life (and one write instead of two per route).
    await setOperatorStatus(w.A, 0);
    try {
      const problems: string[] = [];
      for (const key of Object.keys(SPECS)) problems.push(...(await routeCases(key, ['deactivated'])));
      expect(problems).toEqual([]);
    } finally {
      await setOperatorStatus(w.A, 1);
    }
  });

  it('reference data no route writes is unchanged after the whole matrix', async () => {
    expect(await wilayahDigest()).toBe(wilayahBefore);
    expect(digestTables()).toContain('sekolah');
    // Report the size of the run.
    console.info(
      `authz matrix: ${Object.keys(SPECS).length} routes, ${counts.cases} calls + ${counts.head} HEAD calls; digests computed ${digestCounts.computed} times, reused ${digestCounts.reused} times`,
    );
  });
});

// ----- fields a caller may not set -----

describe('fields a caller may not set', () => {
  const db = () => w.t.database.db;
  const call = (method: string, req: Req, caller: Caller) => send(method, req, tokenOf(caller));
  const schoolRow = async (id: number) => (await db().select().from(sekolah).where(eq(sekolah.id, id)))[0]!;

  it('a school keeps its NPSN and id: another NPSN is refused, an id ignored', async () => {
    const before = await state();
    const res = await call(
      'PUT',
      {
        url: `/api/sekolah/${w.A.npsn}`,
        body: { npsn: w.B.npsn, nama_sekolah: w.A.nama, bentuk_pendidikan: 'SMA', status: 'Negeri' },
      },
      'opA',
    );
    expect(res.status).toBe(422);
    expect((await state()).all).toBe(before.all);
    const ok = await call(
      'PUT',
      {
        url: `/api/sekolah/${w.A.npsn}`,
        body: {
          id: w.B.id,
          sekolah_id: w.B.id,
          npsn: w.A.npsn,
          nama_sekolah: w.A.nama,
          bentuk_pendidikan: 'SMA',
          status: 'Negeri',
        },
      },
      'opA',
    );
    expect(ok.status).toBe(200);
    expect(await schoolRow(w.A.id)).toMatchObject({ id: w.A.id, npsn: w.A.npsn });
    expect((await state()).B).toBe(before.B);
  });

  it('land: a new plot goes to the NPSN named (checked), never to a sekolah_id; a plot cannot move to another school', async () => {
    const before = await state();
    const plot = {
      nama: 'Kebun Alfaqz 2',
      luas: 10,
      tglperolehan: '2010-01-01',
      harga: 1,
      kondisi: 'Baik',
      keterangan: 'x Alfaqz',
    };
    const created = await call(
      'POST',
      {
        url: '/api/lahan',
        body: {
          ...plot,
          npsn: w.A.npsn,
          sekolah_id: w.B.id,
          id: w.B.lahan,
        },
      },
      'opA',
    );
    expect(created.status).toBe(200);
    const id = (JSON.parse(created.text) as { data: { id: number } }).data.id;
    expect(id).not.toBe(w.B.lahan);
    expect((await db().select({ sekolahId: lahan.sekolahId }).from(lahan).where(eq(lahan.id, id)))[0]!.sekolahId).toBe(
      w.A.id,
    );
    const mid = await state();
    expect(mid.B).toBe(before.B);
    for (const caller of ['opA', 'admin'] as const) {
      const moved = await call(
        'PUT',
        {
          url: `/api/lahan/${id}`,
          body: { ...plot, npsn: w.B.npsn },
        },
        caller,
      );
      expect(moved.status).toBe(422);
    }
    expect((await state()).all).toBe(mid.all);
  });

  it('gallery: a photo cannot move to another school', async () => {
    const before = await state();
    for (const caller of ['opA', 'admin'] as const) {
      const res = await call(
        'POST',
        {
          url: `/api/galeri/${w.A.galeri}?_method=put`,
          form: {
            fields: { nama: 'Foto Alfaqz', jenis: 'Kegiatan', desk: 'd Alfaqz', ket: 'k Alfaqz', npsn: w.B.npsn },
          },
        },
        caller,
      );
      expect(res.status).toBe(422);
    }
    expect((await state()).all).toBe(before.all);
  });

  it("assets: moving an asset into another school's room is refused, for administrators too", async () => {
    const asset = await freshAsset(w, w.A);
    const before = await state();
    const body = {
      nama: 'Lemari Alfaqz',
      asset_id: w.masterAset,
      kondisi: 'Baik',
      harga: 1,
      jumlah: 1,
      ruangan_id: w.B.room,
    };
    expect((await call('PUT', { url: `/api/aset/${asset}`, body }, 'opA')).status).toBe(403);
    expect((await call('PUT', { url: `/api/aset/${asset}`, body }, 'admin')).status).toBe(422);
    expect((await state()).all).toBe(before.all);
  });

  it('teacher records: an operator cannot verify (status) or move a record (guru_id) to another teacher', async () => {
    const kind = RECORD_KIND.riwpendidikan;
    const table = recordTableOf(kind.key);
    const created = await call(
      'POST',
      {
        url: '/api/riwpendidikan',
        body: { ...recordFields(w, kind, w.A), guru_id: w.A.guru, status: 1, verifikasi: 1 },
      },
      'opA',
    );
    expect(created.status).toBe(200);
    const id = (JSON.parse(created.text) as { data: { id: number } }).data.id;
    expect((await db().select().from(table).where(eq(table.id, id)))[0]).toMatchObject({
      guru_id: w.A.guru,
      status: 0,
    });

    // An unverified row changed by the operator with guru_id and status in the body: still A's
    // teacher, still unverified.
    const unverified = await freshRecord(w, w.A, kind);
    const before = await state();
    const updated = await call(
      'PUT',
      {
        url: `/api/riwpendidikan/${unverified}`,
        body: { ...recordFields(w, kind, w.A), guru_id: w.B.guru, status: 1 },
      },
      'opA',
    );
    expect(updated.status).toBe(200);
    expect((await db().select().from(table).where(eq(table.id, unverified)))[0]).toMatchObject({
      guru_id: w.A.guru,
      status: 0,
    });
    expect((await state()).B).toBe(before.B);

    // Verified by the office: read-only to the operator, nothing changes.
    const verified = await freshRecord(w, w.A, kind);
    await db().update(table).set({ status: 1 }).where(eq(table.id, verified));
    const beforeVerified = await state();
    const refused = await call(
      'PUT',
      { url: `/api/riwpendidikan/${verified}`, body: { ...recordFields(w, kind, w.A), guru_id: w.B.guru, status: 1 } },
      'opA',
    );
    expect(refused.status).toBe(403);
    expect((await db().select().from(table).where(eq(table.id, verified)))[0]).toMatchObject({
      guru_id: w.A.guru,
      status: 1,
    });
    expect(await state()).toEqual(beforeVerified);
  });

  it("teacher records: a reference to another teacher's record is refused", async () => {
    const kind = RECORD_KIND.riwkeahlianumum;
    const before = await state();
    const res = await call(
      'POST',
      {
        url: '/api/riwkeahlianumum',
        body: { ...recordFields(w, kind, w.A), guru_id: w.A.guru, pend_formal_id: w.B.records.riwpendidikan },
      },
      'opA',
    );
    expect(res.status).toBe(422);
    expect((await state()).all).toBe(before.all);
  });

  it('teachers: verification and another id in the body are ignored', async () => {
    await db().update(guru).set({ verifikasi: 0 }).where(eq(guru.id, w.A.guru));
    const [g] = await db().select().from(guru).where(eq(guru.id, w.A.guru));
    const before = await state();
    const body: Record<string, unknown> = {
      nama: g!.nama,
      tgl_lahir: g!.tgl_lahir,
      nip: g!.nip,
      jenis_kelamin: g!.jenis_kelamin,
      golongan: g!.golongan,
      id_jabatan: g!.id_jabatan,
      sekolah_id: w.A.id,
      verifikasi: 1,
      id: w.B.guru,
    };
    if ('versi' in g!) body.versi = (g as { versi: unknown }).versi;
    const res = await call('PUT', { url: `/api/guru/${w.A.guru}`, body }, 'admin');
    expect(res.status, res.text).toBe(200);
    expect(
      (await db().select({ verifikasi: guru.verifikasi }).from(guru).where(eq(guru.id, w.A.guru)))[0]!.verifikasi,
    ).toBe(0);
    expect((await state()).B).toBe(before.B);
  });

  it("a new school's account is an operator, active, with a one-time password, whatever the body says", async () => {
    const res = await call(
      'POST',
      {
        url: '/api/sekolah',
        body: {
          npsn: '6ROLE001',
          nama_sekolah: 'SD Peran',
          bentuk_pendidikan: 'SD',
          status: 'Negeri',
          role: 1,
          role_id: 1,
          status_akun: 0,
          must_change_password: false,
        },
      },
      'admin',
    );
    expect(res.status).toBe(200);
    const [account] = await db().select().from(users).where(eq(users.username, '6ROLE001'));
    expect(account).toMatchObject({ roleId: ROLE_OPERATOR, statusAkun: 1, mustChangePassword: true });
  });

  it("changing one's password changes nothing else of the account, nor another account", async () => {
    const restore = await snapshotAccounts(w);
    const adminBefore = (await db().select().from(users).where(eq(users.id, w.adminId)))[0]!;
    const token = await w.t.login(w.A.npsn);
    const res = await send(
      'PUT',
      {
        url: '/api/user/password',
        body: {
          password_lama: TEST_PASSWORD,
          password_baru: 'password-baru-789',
          konfirmasi_password: 'password-baru-789',
          role: 1,
          role_id: 1,
          status_akun: 0,
          username: 'admin',
          id: w.adminId,
          user_id: w.adminId,
        },
      },
      token,
    );
    expect(res.status).toBe(200);
    expect((await db().select().from(users).where(eq(users.id, w.A.operatorId)))[0]).toMatchObject({
      username: w.A.npsn,
      roleId: ROLE_OPERATOR,
      statusAkun: 1,
    });
    expect((await db().select().from(users).where(eq(users.id, w.adminId)))[0]).toEqual(adminBefore);
    await restore();
  });

  it('a visit is counted for the caller, not for a user_id in the body', async () => {
    const { operator } = await createSchoolWithOperator(db(), { npsn: '6VISIT01' });
    const res = await call('POST', { url: '/api/kunjungan', body: { user_id: operator.id, id: operator.id } }, 'opB');
    expect(res.status).toBe(200);
    expect(await db().select().from(kunjungan).where(eq(kunjungan.userId, operator.id))).toHaveLength(0);
    expect(await db().select().from(kunjungan).where(eq(kunjungan.userId, w.B.operatorId))).toHaveLength(1);
  });

  it("a record's document is never served as a public file", async () => {
    expect((await call('GET', { url: `/files/${w.A.documentKey}` }, 'anon')).status).toBe(404);
    expect((await call('GET', { url: `/files/${w.A.documentKey}` }, 'admin')).status).toBe(404);
  });

  it("a teacher's photo is never served as a public file, not even with its key", async () => {
    const [g] = await db().select({ key: guru.foto_key }).from(guru).where(eq(guru.id, w.A.guru));
    expect(g?.key).toMatch(/^[a-f0-9]{32}\.jpg$/);
    for (const caller of ['anon', 'admin', 'opA'] as const)
      expect((await call('GET', { url: `/files/${g!.key}` }, caller)).status, caller).toBe(404);
    // A school's gallery photo still is.
    const [photo] = await db()
      .select({ key: galeri.fotoKey })
      .from(galeri)
      .where(eq(galeri.sekolahId, w.A.id))
      .limit(1);
    expect((await call('GET', { url: `/files/${photo!.key}` }, 'anon')).status).toBe(200);
  });
});

// ----- defects found by the matrix, fixed -----

describe('defects found by the matrix', () => {
  const junk = { bytes: Buffer.from('bukan gambar, hanya teks'), filename: 'foto.jpg', type: 'image/jpeg' };

  it("gallery: another school's NPSN is refused before the photo is processed", async () => {
    // Before: the upload was decoded (sharp) first, so the operator got the image's 422, not 403.
    const fields = { nama: 'Foto Betaqz', jenis: 'sekolah', desk: 'd', ket: 'k', npsn: w.A.npsn };
    const before = await state();
    const res = await send('POST', { url: '/api/galeri', form: { fields, files: { foto: junk } } }, w.tokens.opB);
    expect(res.status, res.text).toBe(403);
    const moved = await send(
      'POST',
      {
        url: `/api/galeri/${w.A.galeri}?_method=put`,
        form: { fields: { ...fields, nama: 'Foto Alfaqz', npsn: w.B.npsn }, files: { foto: junk } },
      },
      w.tokens.opA,
    );
    expect(moved.status).toBe(422);
    expect((JSON.parse(moved.text) as { diagnostic: { message: string } }).diagnostic.message).toBe(
      'Foto galeri tidak dapat dipindahkan ke sekolah lain',
    );
    expect((await state()).all).toBe(before.all);
  });
});
