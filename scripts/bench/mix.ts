// The key endpoints (docs/performance.md), their share of the mixed traffic, their targets, and the pools of
// realistic parameters (teachers, names, NIPs, schools) read from the benchmark database.
import type pg from 'pg';
import { STATISTIK } from '#contract/statistik.ts';
import { BENCH_PASSWORD } from './seed-bench.ts';
import { openLoop, rng, Series, type HttpTarget, type Req, type Rng, type Sender } from './load.ts';

export const ADMIN_PASSWORD_DEFAULT = 'admin12345';

export interface Target {
  p50?: number;
  p99: number;
  /** Only requests answered from a warm cache count (dashboard and statistics). */
  warm?: boolean;
}

export interface Endpoint {
  key: string;
  /** The call as SPEC §7 writes it. */
  call: string;
  /** Share of the mixed traffic, in percent. */
  weight: number;
  target100?: Target;
  /** Compared with the bare node:http peer and the SQL floor at saturation. */
  peers: boolean;
  make(r: Rng): Req;
}

export interface Pools {
  admin: string;
  /** Operator sessions, each with its school's teachers. */
  operators: { npsn: string; token: string; teachers: number[] }[];
  teachers: number[];
  searchTerms: string[];
  kgbPages: number;
  pdfTeachers: number[];
  penghargaanIds: number[];
  operatorLogins: string[];
  adminPassword: string;
  sekolahPages: number;
}

/** A GET request with the token whose answer is judged as `expect` says (the JSON envelope, or a PDF). */
const get = (path: string, token: string, expect: Req['expect'] = 'envelope'): Req => ({
  method: 'GET',
  path,
  token,
  expect,
});
const pick = <T>(r: Rng, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;

/** Page numbers as people use them: mostly the first pages, sometimes a deep one. */
function pageOf(r: Rng, last: number): number {
  const x = r();
  const p =
    x < 0.6 ? 1 : x < 0.85 ? 2 + Math.floor(r() * 4) : x < 0.97 ? 6 + Math.floor(r() * 45) : 51 + Math.floor(r() * 950);
  return Math.max(1, Math.min(last, p));
}

const BP = ['', '', '', 'TK', 'SD', 'SD', 'SMP', 'SMA'];
const JENIS = ['', '', '', 'PNS', 'PNS', 'PPPK', 'GTY', 'GTT', 'Honor Daerah', 'Honor Sekolah'];
const TABS = [
  'riwpendidikan',
  'riwpendidikannon',
  'diklat-teknis',
  'riwpenghargaan',
  'riwkeahlianumum',
  'riwkeahlianbahasa',
  'riwpangkat',
  'riwkaryatulis',
  'riwkgb',
];
// The heavier aggregates of the statistics page.
export const STAT_NAMES = [
  'jumlah-guru',
  'jumlah-guru-jenis-kelamin',
  'rasio',
  'guru-pensiun',
  'pensiun-lima-tahun',
  'kualifikasi-pendidik',
].filter((n) => (STATISTIK as readonly string[]).includes(n));

export function endpoints(p: Pools): Endpoint[] {
  // An operator's request in three of ten list calls: their school's teachers only.
  const asOperator = (r: Rng) => (p.operators.length && r() < 0.3 ? pick(r, p.operators) : null);
  return [
    {
      key: 'guru-list',
      call: 'GET /api/guru/?bp&jenis_guru&page',
      weight: 20,
      target100: { p50: 15, p99: 50 },
      peers: true,
      make: (r) => {
        const op = asOperator(r);
        if (op) return get(`/api/guru/?bp=&jenis_guru=${r() < 0.5 ? '' : 'PNS'}&page=1`, op.token);
        return get(
          `/api/guru/?bp=${pick(r, BP)}&jenis_guru=${encodeURIComponent(pick(r, JENIS))}&page=${pageOf(r, 1000)}`,
          p.admin,
        );
      },
    },
    {
      key: 'guru-search',
      call: 'GET api/guru/cari?guru (3+ characters)',
      weight: 15,
      target100: { p50: 15, p99: 80 },
      peers: true,
      make: (r) =>
        get(
          `/api/guru/cari?guru=${encodeURIComponent(pick(r, p.searchTerms))}&page=${r() < 0.85 ? 1 : 2 + Math.floor(r() * 5)}`,
          p.admin,
        ),
    },
    {
      key: 'sekolah-list',
      call: 'GET api/sekolah?per_page=100&sortby&sortbydesc&page',
      weight: 8,
      target100: { p50: 15, p99: 50 },
      peers: true,
      make: (r) =>
        get(
          `/api/sekolah?q=&per_page=100&sortby=${r() < 0.5 ? 'npsn' : 'nama_sekolah'}&sortbydesc=${r() < 0.5}&page=${pageOf(r, p.sekolahPages)}`,
          p.admin,
        ),
    },
    {
      key: 'guru-detail',
      call: 'GET /api/guru/{id}',
      weight: 13,
      target100: { p99: 30 },
      peers: true,
      make: (r) => {
        const op = asOperator(r);
        if (op?.teachers.length) return get(`/api/guru/${pick(r, op.teachers)}`, op.token);
        return get(`/api/guru/${pick(r, p.teachers)}`, p.admin);
      },
    },
    {
      key: 'guru-tab',
      call: 'GET api/{riwayat}?id_guru&page (a detail tab)',
      weight: 18,
      target100: { p99: 30 },
      peers: true,
      make: (r) => get(`/api/${pick(r, TABS)}?id_guru=${pick(r, p.teachers)}&page=1`, p.admin),
    },
    {
      key: 'kgb-due',
      call: 'GET api/kgb?page&cari&bentuk_pendidikan',
      weight: 8,
      target100: { p99: 40 },
      peers: true,
      make: (r) => {
        const op = asOperator(r);
        if (op) return get('/api/kgb?page=1&cari=&bentuk_pendidikan=', op.token);
        const bp = r() < 0.6 ? '' : pick(r, ['TK', 'SD', 'SMP', 'SMA', 'SMK']);
        return get(`/api/kgb?page=${bp ? 1 : pageOf(r, p.kgbPages)}&cari=&bentuk_pendidikan=${bp}`, p.admin);
      },
    },
    {
      key: 'dashboard',
      call: 'GET api/dashboard',
      weight: 5,
      target100: { p99: 20, warm: true },
      peers: false,
      make: () => get('/api/dashboard', p.admin),
    },
    {
      key: 'statistik',
      call: 'GET api/data-statistik/{jumlah-guru, rasio, guru-pensiun, …}',
      weight: 5,
      target100: { p99: 20, warm: true },
      peers: false,
      make: (r) => get(`/api/data-statistik/${pick(r, STAT_NAMES)}`, p.admin),
    },
    {
      key: 'kgb-pdf',
      call: 'GET /api/kgb/{id}/draft.pdf (the letter PDF)',
      weight: 2,
      target100: { p99: 200 },
      peers: false,
      make: (r) => get(`/api/kgb/${pick(r, p.pdfTeachers)}/draft.pdf`, p.admin, 'pdf'),
    },
    {
      key: 'record-write',
      call: 'POST api/riwpenghargaan (a record write)',
      weight: 5,
      target100: { p99: 50 },
      peers: false,
      make: (r) => ({
        method: 'POST',
        path: '/api/riwpenghargaan',
        token: p.admin,
        expect: 'envelope',
        body: JSON.stringify({
          guru_id: pick(r, p.teachers),
          penghargaan_id: pick(r, p.penghargaanIds),
          riw_usul_no: `BENCH-${Math.floor(r() * 1e9)}`,
          riw_penghargaan_tglsk: '2025-08-17',
          riw_penghargaan_jabatan: 'Bupati',
          riw_penghargaan_instansi: 'Pemerintah Daerah',
          riw_penghargaan_lokasi: 'Ternate',
        }),
      }),
    },
    {
      key: 'login',
      call: 'POST /api/token',
      weight: 1,
      peers: false,
      make: (r) => {
        const admin = r() < 0.3 || !p.operatorLogins.length;
        return {
          method: 'POST',
          path: '/api/token',
          expect: 'envelope',
          body: JSON.stringify(
            admin
              ? { username: 'admin', password: p.adminPassword }
              : { username: pick(r, p.operatorLogins), password: BENCH_PASSWORD },
          ),
        };
      },
    },
  ];
}

/** Picks endpoints by weight. */
export function chooser(list: Endpoint[]): (r: Rng) => Endpoint {
  const total = list.reduce((a, e) => a + e.weight, 0);
  return (r) => {
    let x = r() * total;
    for (const e of list) if ((x -= e.weight) < 0) return e;
    return list.at(-1)!;
  };
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * One open-loop run of mixed traffic. Dashboard and statistics answers are also counted as "warm"
 * when, at their send time, a successful answer for the same path was sent after the last write
 * was acknowledged (the app's statistics cache is emptied by every successful write).
 * Used by bench.ts and cluster.ts.
 */
export async function mixedRun(target: HttpTarget, list: Endpoint[], rate: number, durationMs: number, seed: number) {
  const random = rng(seed);
  const choose = chooser(list);
  let lastWriteDone = -Infinity;
  const filledAt = new Map<string, number>();
  const warmAtSend = new WeakMap<Req, boolean>();
  const warm = new Map<string, Series>();
  const intendedOf = new WeakMap<Req, number>();
  const result = await openLoop({
    target,
    rate,
    durationMs,
    random,
    next: (at) => {
      const e = choose(random);
      const req = e.make(random);
      intendedOf.set(req, at);
      if (e.target100?.warm)
        warmAtSend.set(
          req,
          (filledAt.get(req.path) ?? -Infinity) > lastWriteDone && at - (filledAt.get(req.path) ?? 0) < 29_000,
        );
      return { key: e.key, req };
    },
    onDone: (key, req, o, sentAt, endAt) => {
      if (o.ok && WRITE_METHODS.has(req.method)) lastWriteDone = Math.max(lastWriteDone, endAt);
      if (o.ok && warmAtSend.has(req)) filledAt.set(req.path, Math.max(filledAt.get(req.path) ?? -Infinity, sentAt));
      if (warmAtSend.get(req)) {
        let s = warm.get(key);
        if (!s) warm.set(key, (s = new Series()));
        s.add(endAt - intendedOf.get(req)!, o);
      }
    },
  });
  return { ...result, warm };
}

export async function login(send: Sender, username: string, password: string): Promise<string> {
  const o = await send(
    { method: 'POST', path: '/api/token', body: JSON.stringify({ username, password }), expect: 'envelope' },
    true,
  );
  const token = (o.json as { data?: { access_token?: string } } | undefined)?.data?.access_token;
  if (!o.ok || !token) throw new Error(`Login ${username} gagal: ${o.error ?? 'tanpa token'}`);
  return token;
}

export type SearchTermKind = 'given' | 'family' | 'full' | 'fragment' | 'nip';

/**
 * Search terms as people type them, from a sample of teachers: a given name, a family name, a full
 * name, part of a name (3+ characters), a NIP or its first digits (the birth date). At most 400.
 */
export function searchTerms(sample: { nama: string; nip: string | null }[]): { kind: SearchTermKind; term: string }[] {
  const terms: { kind: SearchTermKind; term: string }[] = [];
  for (let i = 0; i < sample.length && terms.length < 400; i++) {
    const t = sample[i]!;
    const words = t.nama.split(/\s+/).filter((w) => w.length >= 3);
    switch (i % 10) {
      case 0:
      case 1:
      case 2:
      case 3:
        if (words[0]) terms.push({ kind: 'given', term: words[0].toLowerCase() });
        break;
      case 4:
      case 5:
        if (words.at(-1)) terms.push({ kind: 'family', term: words.at(-1)! });
        break;
      case 6:
        terms.push({ kind: 'full', term: t.nama });
        break;
      case 7: {
        const w = words.at(-1) ?? t.nama;
        const len = 3 + (i % 3);
        const at = Math.min(i % 4, Math.max(0, w.length - len));
        terms.push({ kind: 'fragment', term: w.slice(at, at + len).toLowerCase() });
        break;
      }
      default:
        if (t.nip) terms.push({ kind: 'nip', term: i % 20 < 10 ? t.nip : t.nip.slice(0, 8) });
        else if (words[0]) terms.push({ kind: 'given', term: words[0] });
    }
  }
  return terms;
}

/** What the benchmark header prints about the database, and the tables not yet vacuumed. */
export async function databaseFacts(client: pg.Client) {
  const pgVersion = (await client.query<{ v: string }>(`select current_setting('server_version') as v`)).rows[0]!.v;
  const counts = (
    await client.query<{ s: number; g: number }>(
      'select (select count(*) from sekolah)::int as s, (select count(*) from guru)::int as g',
    )
  ).rows[0]!;

  // A table loaded and never vacuumed has no visibility map (index-only scans read the heap)
  // and its trigram index a pending list every search reads: not the state of a served database.
  const unvacuumed = (
    await client.query<{ relname: string }>(
      `select relname from pg_class where relname in ('guru', 'sekolah', 'wilayah', 'riw_pendidikan') and relkind = 'r' and relpages > 0 and relallvisible < relpages * 0.9 order by relname`,
    )
  ).rows.map((r) => r.relname);
  // shared_buffers against the data: where the kernel evicts idle file pages (DAMON pageout),
  // data outside PostgreSQL's own cache is read from the disk again (docs/performance.md).
  const settings = (
    await client.query<{ autovacuum: string; buffers: string; size: string }>(
      `select current_setting('autovacuum') as autovacuum, current_setting('shared_buffers') as buffers, pg_size_pretty(pg_database_size(current_database())) as size`,
    )
  ).rows[0]!;
  return { pgVersion, counts, unvacuumed, settings };
}

/**
 * About 3,000 teachers, the same for a seed (tablesample … repeatable) as long as the client does not
 * synchronize its scans with others (CONNECTION_OPTIONS).
 */
export async function sampleTeachers(client: pg.Client, seed: number) {
  const [{ n = 0 } = {}] = (await client.query<{ n: number }>('select count(*)::int as n from guru')).rows;
  const share = Math.min(100, Math.max(0.01, (3000 / Math.max(1, n)) * 100));
  const sample = (
    await client.query<{ id: number; nama: string; nip: string | null }>(
      `select id, nama, nip from guru tablesample bernoulli(${share}) repeatable(${seed}) limit 3000`,
    )
  ).rows;
  return { teacherCount: n, sample };
}

/** Parameter pools from the database, reproducible for a seed (tablesample … repeatable). */
export async function loadPools(client: pg.Client, send: Sender, seed: number, adminPassword: string): Promise<Pools> {
  const q = async <T>(text: string, values: unknown[] = []) => (await client.query(text, values)).rows as T[];
  const { sample } = await sampleTeachers(client, seed);
  if (!sample.length) throw new Error('Tidak ada guru di basis data benchmark');
  const teachers = sample.map((t) => t.id);

  const terms = searchTerms(sample).map((t) => t.term);

  const admin = await login(send, 'admin', adminPassword);

  // Operators of a few schools of different sizes, each with their own teachers.
  const schools = await q<{ npsn: string; id: number }>(
    `select s.npsn, s.id from sekolah s join users u on u.username = s.npsn and u.role_id = 2 order by s.id limit 200`,
  );
  const chosen = schools.filter((_, i) => i % 40 === 0).slice(0, 5);
  const operators: Pools['operators'] = [];
  for (const s of chosen) {
    try {
      const token = await login(send, s.npsn, BENCH_PASSWORD);
      const own = await q<{ id: number }>('select id from guru where sekolah_id = $1 order by id limit 200', [s.id]);
      operators.push({ npsn: s.npsn, token, teachers: own.map((x) => x.id) });
    } catch {
      // a school without the bench password (not bench data): no operator traffic from it
    }
  }

  const due = (await send({ method: 'GET', path: '/api/kgb?page=1', token: admin, expect: 'envelope' }, true)).json as
    { data?: { last_page?: number; data?: { id: number }[] } } | undefined;
  const kgbPages = due?.data?.last_page ?? 1;
  // Letters need a salary table row for the teacher's rank and years: keep the teachers whose
  // draft letter can be made.
  const pdfTeachers: number[] = [];
  for (let page = 1; page <= Math.min(kgbPages, 5) && pdfTeachers.length < 12; page++) {
    const list = (await send({ method: 'GET', path: `/api/kgb?page=${page}`, token: admin, expect: 'envelope' }, true))
      .json as { data?: { data?: { id: number }[] } } | undefined;
    for (const row of list?.data?.data ?? []) {
      if (pdfTeachers.length >= 12) break;
      const o = await send({ method: 'GET', path: `/api/kgb/${row.id}/draft.pdf`, token: admin, expect: 'pdf' });
      if (o.ok) pdfTeachers.push(row.id);
    }
  }
  if (!pdfTeachers.length) throw new Error('Tidak ada guru jatuh tempo KGB yang suratnya dapat dibuat');

  const penghargaanIds = (
    await q<{ id: number }>(`select id from referensi where kategori = 'penghargaan' order by id`)
  ).map((x) => x.id);
  const [{ n: sekolahCount } = { n: 0 }] = await q<{ n: number }>('select count(*)::int as n from sekolah');
  return {
    admin,
    operators,
    teachers,
    searchTerms: terms,
    kgbPages,
    pdfTeachers,
    penghargaanIds,
    operatorLogins: chosen.map((s) => s.npsn),
    adminPassword,
    sekolahPages: Math.max(1, Math.ceil(sekolahCount / 100)),
  };
}
