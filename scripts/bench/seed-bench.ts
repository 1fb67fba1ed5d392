// Benchmark data: a realistic, reproducible province-scale data set, written straight into the
// database the app uses (DATABASE_URL, or the embedded PGlite in DATA_DIR).
//   npm run seed:bench -- --tier S|M|L [--seed 42] [--today 2026-11-21]
// Tier S: 600 schools, 7,500 teachers; M: 8,000 schools, 100,000 teachers, 1,000,000 record rows;
// L: 220,000 schools, 2,700,000 teachers (PostgreSQL only). The database must be empty of schools.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { count, eq, sql, type SQL } from 'drizzle-orm';
import { loadConfig } from '../../server/config.ts';
import { openDatabase, type Db } from '../../server/db/client.ts';
import { ensureAdmin, seedReference } from '../../server/db/seed/reference.ts';
import { guru, jenisRuangan, referensi, ruangan, sekolah, users, wilayah } from '../../server/db/schema/index.ts';
import { recordTableOf } from '../../server/db/schema/riwayat.ts';
import { resyncOnce } from '../../server/modules/guru/record-basis.ts';
import { parseCsvLine } from '../../server/db/seed/wilayah.ts';
import { hashPassword } from '../../server/lib/password.ts';
import { addMonths } from '../../server/domain/kepegawaian.ts';
import { gajiPokokPp5 } from '../../server/domain/gaji-pp5-2024.ts';
import { rng } from './rng.ts';

export const TIERS = {
  S: { schools: 600, teachers: 7_500, records: 75_000 },
  M: { schools: 8_000, teachers: 100_000, records: 1_000_000 },
  L: { schools: 220_000, teachers: 2_700_000, records: 0 },
} as const;
export type Tier = keyof typeof TIERS;
export const BENCH_PASSWORD = 'bench-password-123';

// Given and family names from across Indonesia; drawn with a skew so common names repeat as they do.
const GIVEN_M = [
  'Muhammad',
  'Ahmad',
  'Abdul',
  'Budi',
  'Agus',
  'Hendra',
  'Rahmat',
  'Irfan',
  'Yusuf',
  'Ismail',
  'Hasan',
  'Andi',
  'Dedi',
  'Eko',
  'Fajar',
  'Gunawan',
  'Hari',
  'Joko',
  'Kurniawan',
  'Lukman',
  'Rizal',
  'Samsul',
  'Taufik',
  'Wahyu',
  'Yohanes',
  'Petrus',
  'Stefanus',
  'Imanuel',
  'Sahrul',
  'Jufri',
];
const GIVEN_F = [
  'Siti',
  'Nur',
  'Sri',
  'Dewi',
  'Fatmawati',
  'Nurhayati',
  'Rina',
  'Ratna',
  'Yuliani',
  'Wahyuni',
  'Lestari',
  'Maria',
  'Agustina',
  'Fransiska',
  'Hadijah',
  'Aminah',
  'Rosmini',
  'Marlina',
  'Sartika',
  'Hasnah',
  'Kartini',
  'Yanti',
  'Ernawati',
  'Suryani',
  'Novita',
];
const FAMILY = [
  'Saputra',
  'Hidayat',
  'Wijaya',
  'Pratama',
  'Sangaji',
  'Djafar',
  'Tomagola',
  'Hasan',
  'Umar',
  'Abbas',
  'Latif',
  'Simanjuntak',
  'Siregar',
  'Nasution',
  'Lubis',
  'Harahap',
  'Manurung',
  'Sinaga',
  'Purba',
  'Ginting',
  'Santoso',
  'Susanto',
  'Setiawan',
  'Kusuma',
  'Rahman',
  'Syahputra',
  'Maharani',
  'Putri',
  'Ramadhan',
  'Firmansyah',
  'Marsaoly',
  'Albaar',
  'Soleman',
  'Kharie',
  'Sibua',
  'Mahmud',
  'Pattimura',
  'Rumbiak',
  'Wenda',
  'Tanjung',
];
const LEVELS: [string, number][] = [
  ['SD', 0.6],
  ['TK', 0.15],
  ['SMP', 0.15],
  ['SMA', 0.06],
  ['SMK', 0.04],
];
const TYPES: [string, number][] = [
  ['PNS', 0.58],
  ['PPPK', 0.12],
  ['GTY', 0.08],
  ['GTT', 0.07],
  ['Honor Daerah', 0.07],
  ['Honor Sekolah', 0.08],
];
const GOLONGAN = ['III/a', 'III/b', 'III/c', 'III/d', 'IV/a', 'IV/b', 'II/c', 'II/d'];

function weighted<T>(r: () => number, items: [T, number][]): T {
  let x = r();
  for (const [v, w] of items) if ((x -= w) < 0) return v;
  return items.at(-1)![0];
}
/** Skewed pick: low indexes far more often (names repeat realistically). */
const skewed = <T>(r: () => number, list: readonly T[]) => list[Math.floor(Math.pow(r(), 2.2) * list.length)]!;

function dms(text: string): [number, number] | null {
  const m = /(\d+)°(\d+)'([\d.]+)"+\s*([NS])\s+(\d+)°(\d+)'([\d.]+)"+\s*([EW])/.exec(text);
  if (!m) return null;
  const lat = (Number(m[1]) + Number(m[2]) / 60 + Number(m[3]) / 3600) * (m[4] === 'S' ? -1 : 1);
  const lng = (Number(m[5]) + Number(m[6]) / 60 + Number(m[7]) / 3600) * (m[8] === 'W' ? -1 : 1);
  return [lat, lng];
}

/** Island coordinates per regency (idn-area-data), to place schools on land near their region. */
function islandPositions(): Map<string, [number, number][]> {
  const require = createRequire(import.meta.url);
  const file = path.join(path.dirname(require.resolve('idn-area-data/package.json')), 'data', 'islands.csv');
  const byRegency = new Map<string, [number, number][]>();
  for (const line of readFileSync(file, 'utf8').split(/\r?\n/).slice(1)) {
    if (!line) continue;
    const [, regency, coordinate] = parseCsvLine(line);
    const pos = coordinate ? dms(coordinate) : null;
    if (!regency || !pos) continue;
    byRegency.set(regency, [...(byRegency.get(regency) ?? []), pos]);
  }
  return byRegency;
}

class Progress {
  private last = 0;
  private label: string;
  private total: number;
  constructor(label: string, total: number) {
    this.label = label;
    this.total = total;
  }
  tick(done: number) {
    const now = Date.now();
    if (now - this.last < 250 && done < this.total) return;
    this.last = now;
    const pct = this.total ? done / this.total : 1;
    const bar = '#'.repeat(Math.round(pct * 30)).padEnd(30, '.');
    process.stderr.write(
      `\r${this.label.padEnd(18)} [${bar}] ${(pct * 100).toFixed(0).padStart(3)}% ${done.toLocaleString('id-ID')}/${this.total.toLocaleString('id-ID')}`,
    );
    if (done >= this.total) process.stderr.write('\n');
  }
}

async function insertBatches<T extends Record<string, unknown>>(
  db: Db,
  table: Parameters<Db['insert']>[0],
  total: number,
  label: string,
  make: (i: number) => T,
  batch = 2000,
) {
  const progress = new Progress(label, total);
  for (let start = 0; start < total; start += batch) {
    const rows: T[] = [];
    for (let i = start; i < Math.min(total, start + batch); i++) rows.push(make(i));
    await db.insert(table).values(rows as never);
    progress.tick(Math.min(total, start + batch));
  }
}

export async function seedBench(
  db: Db,
  tier: Tier,
  seed: number,
  today: string,
  zona = 'Asia/Jayapura',
): Promise<void> {
  const size = TIERS[tier];
  const r = rng(seed);
  const [existing] = await db.select({ n: count() }).from(sekolah);
  if ((existing?.n ?? 0) > 0)
    throw new Error('Basis data sudah berisi sekolah; pakai basis data kosong untuk data benchmark.');

  const villages = (await db.select({ kode: wilayah.kodeWilayah }).from(wilayah).where(eq(wilayah.level, 4))).map(
    (v) => v.kode,
  );
  const positions = islandPositions();
  const passwordHash = await hashPassword(BENCH_PASSWORD);

  // Schools: NPSN 8 digits from a fixed base, unique by construction.
  const schoolLevels: string[] = [];
  await insertBatches(db, sekolah, size.schools, 'sekolah', (i) => {
    const level = weighted(r, LEVELS);
    schoolLevels.push(level);
    const village = villages[Math.floor(r() * villages.length)]!;
    const islands = positions.get(village.slice(0, 5)) ?? [[1.588623, 127.657952]];
    const [lat, lng] = islands[Math.floor(r() * islands.length)]!;
    const n = { SD: 1 + (i % 120), TK: 1 + (i % 40), SMP: 1 + (i % 30), SMA: 1 + (i % 15), SMK: 1 + (i % 10) }[level];
    return {
      npsn: String(10_000_000 + i * 37),
      namaSekolah: `${level} ${level === 'TK' ? 'Pembina' : 'Negeri'} ${n} ${FAMILY[i % FAMILY.length]}`,
      status: r() < 0.8 ? 'Negeri' : 'Swasta',
      bentukPendidikan: level,
      alamat: `Jl. Pendidikan No. ${1 + (i % 200)}`,
      kodeWilayah: village,
      kodePos: String(90000 + (i % 9999)).padStart(5, '0'),
      rombel:
        level === 'SD'
          ? 150 + Math.floor(r() * 400)
          : level === 'TK'
            ? 30 + Math.floor(r() * 60)
            : 200 + Math.floor(r() * 800),
      lat: lat + (r() - 0.5) * 0.02,
      long: lng + (r() - 0.5) * 0.02,
    };
  });
  const schoolIds = await db.select({ id: sekolah.id, npsn: sekolah.npsn }).from(sekolah).orderBy(sekolah.id);
  await insertBatches(
    db,
    users,
    schoolIds.length,
    'akun operator',
    (i) => ({ username: schoolIds[i]!.npsn, nama: `Operator ${schoolIds[i]!.npsn}`, passwordHash, roleId: 2 }),
    5000,
  );

  const kelas = (await db.select().from(jenisRuangan).where(eq(jenisRuangan.nama, 'Ruang Kelas')))[0]!.id;
  const conditions = ['Baik', 'Baik', 'Baik', 'Rusak Ringan', 'Rusak Sedang', 'Rusak Berat'];
  await insertBatches(
    db,
    ruangan,
    schoolIds.length * 3,
    'ruang kelas',
    (i) => ({
      sekolahId: schoolIds[Math.floor(i / 3)]!.id,
      jenisRuanganId: kelas,
      nama: `Kelas ${(i % 3) + 1}`,
      panjang: 8,
      lebar: 7,
      tinggi: 3.5,
      keterangan: 'Ruang belajar',
      status: conditions[Math.floor(r() * conditions.length)]!,
    }),
    5000,
  );

  const jabatan = (await db.select().from(referensi).where(eq(referensi.kategori, 'jabatan'))).map((x) => x.id);
  const nips = new Set<string>();
  const dueShare = 0.005;
  await insertBatches(
    db,
    guru,
    size.teachers,
    'guru',
    (i) => {
      const female = r() < 0.62;
      const type = weighted(r, TYPES);
      const pns = type === 'PNS';
      const year = 1965 + Math.floor(r() * 36);
      const birth = `${year}-${String(1 + Math.floor(r() * 12)).padStart(2, '0')}-${String(1 + Math.floor(r() * 28)).padStart(2, '0')}`;
      let nip: string | null = null;
      if (pns) {
        const cpns = `${Math.min(year + 23 + Math.floor(r() * 8), 2024)}${String(1 + Math.floor(r() * 12)).padStart(2, '0')}`;
        for (let seq = 1 + Math.floor(r() * 900); ; seq++) {
          nip = `${birth.replaceAll('-', '')}${cpns}${female ? 2 : 1}${String(seq % 1000).padStart(3, '0')}`;
          if (!nips.has(nip)) break;
        }
        nips.add(nip);
      }
      const golongan = pns ? GOLONGAN[Math.floor(r() * GOLONGAN.length)]! : null;
      const mkg = pns ? Math.floor(r() * 24) : null;
      // A few hundred PNS are due (last KGB 22-24 months ago); the rest had theirs recently.
      // TMTs fall on the 1st (PP 7/1977 art. 13(3)).
      const lastKgb = pns
        ? `${addMonths(today, r() < dueShare * 12 ? -(22 + Math.floor(r() * 3)) : -Math.floor(r() * 21) - 1).slice(0, 7)}-01`
        : null;
      const school = schoolIds[Math.floor((i / size.teachers) * schoolIds.length)]!;
      return {
        sekolah_id: school.id,
        nama: `${skewed(r, female ? GIVEN_F : GIVEN_M)} ${skewed(r, FAMILY)}`,
        gelar_belakang: r() < 0.8 ? 'S.Pd.' : null,
        nip,
        nik: `${String(110000 + Math.floor(r() * 800000)).slice(0, 6)}${birth.slice(8, 10)}${birth.slice(5, 7)}${birth.slice(2, 4)}${String(i % 10000).padStart(4, '0')}`.replace(
          /^(\d{6})(\d{2})/,
          (_m, a, d) => a + String(Number(d) + (female ? 40 : 0)).padStart(2, '0'),
        ),
        jenis_kelamin: female ? 'Perempuan' : 'Laki-laki',
        tempat_lahir: 'Ternate',
        tgl_lahir: birth,
        golongan,
        id_jabatan: jabatan[Math.floor(r() * jabatan.length)]!,
        status_guru: type,
        pendidikan_terakhir: weighted(r, [
          ['S1', 0.78],
          ['D3', 0.06],
          ['S2', 0.08],
          ['SMA/SMK', 0.06],
          ['D4', 0.02],
        ]),
        sertifikasi: r() < 0.55 ? 'Ya' : 'Tidak',
        gaji_pokok: golongan ? gajiPokokPp5(golongan, mkg ?? 0) : null,
        mkg_tahun: mkg,
        mkg_bulan: pns ? Math.floor(r() * 12) : null,
        tgl_kgb_terakhir: lastKgb,
        verifikasi: r() < 0.85 ? 1 : 0,
      };
    },
    2000,
  );

  // The letter is made from the record: every teacher who can be due has their last KGB
  // as a verified decree, equal to the profile (a few hundred rows at tier M).
  await db.execute(sql`
    insert into riw_kgb (guru_id, no_kgb, perihal, ttgl_kgb, gpl_kgb, gol_kgb, nosk_kgb, tglsk_kgb, mkg_tahun, mkg_bulan, status)
    select id, '822/' || id || '/KGB', 'Kenaikan Gaji Berkala', tgl_kgb_terakhir, gaji_pokok, golongan, '822.4/' || id || '/DIKBUD', tgl_kgb_terakhir, coalesce(mkg_tahun, 0), coalesce(mkg_bulan, 0), 1
      from guru
     where status_guru = 'PNS' and golongan is not null and tgl_kgb_terakhir <= ${addMonths(today, -21)}::date`);

  if (size.records) {
    const firstId = (await db.select({ id: sql<number>`min(${guru.id})::int` }).from(guru))[0]!.id;
    const per = Math.floor(size.records / 9);
    const idsWhere = async (where: SQL) => (await db.select().from(referensi).where(where)).map((x) => x.id);
    const idsOf = (kategori: string) => idsWhere(eq(referensi.kategori, kategori));
    const tingkat = await idsOf('tingkatpendidikan');
    const jurusan = await idsOf('jurusan');
    const diklat = await idsOf('diklatteknis');
    const award = await idsOf('penghargaan');
    const umum = await idsWhere(sql`${referensi.kategori} = 'keahlian' and ${referensi.nama2} = 'umum'`);
    const bahasa = await idsWhere(sql`${referensi.kategori} = 'keahlian' and ${referensi.nama2} = 'bahasa'`);
    const level = await idsOf('level');
    const jenisKt = await idsOf('jeniskaryatulis');
    const pick = (list: number[]) => list[Math.floor(r() * list.length)]!;
    const teacher = () => firstId + Math.floor(r() * size.teachers);
    const kinds: [Parameters<typeof recordTableOf>[0], () => Record<string, unknown>][] = [
      [
        'riwpendidikan',
        () => ({
          guru_id: teacher(),
          riw_pendidikan_nm: 'Universitas Khairun',
          riw_pendidikan_sttb_ijazah: String(Math.floor(r() * 1e9)),
          riw_pendidikan_tgl: '2008-09-01',
          riw_pendidikan_pejabat: 'Rektor',
          jurusan_id: pick(jurusan),
          tingpend_id: pick(tingkat),
          luar_negeri: 'f',
          status: r() < 0.9 ? 1 : 0,
        }),
      ],
      [
        'riwpendidikannon',
        () => ({
          guru_id: teacher(),
          non_nama: 'Workshop Kurikulum',
          non_sttp: String(Math.floor(r() * 1e6)),
          non_sttp_pejabat: 'Kepala Dinas',
          non_penyelenggara: 'Dinas Pendidikan',
          non_tempat: 'Ternate',
        }),
      ],
      [
        'diklat-teknis',
        () => ({
          guru_id: teacher(),
          diklat_id: pick(diklat),
          diklat_penyelenggara: 'BBGP',
          diklat_tempat: 'Ternate',
          diklat_jumlah_jam: 32,
          diklat_sttp_no: String(Math.floor(r() * 1e6)),
          diklat_sttp_pej: 'Kepala BBGP',
        }),
      ],
      [
        'riwpenghargaan',
        () => ({
          guru_id: teacher(),
          penghargaan_id: pick(award),
          riw_usul_no: String(Math.floor(r() * 1e6)),
          riw_penghargaan_tglsk: '2020-08-17',
          riw_penghargaan_jabatan: 'Bupati',
          riw_penghargaan_instansi: 'Pemda',
          riw_penghargaan_lokasi: 'Ternate',
        }),
      ],
      [
        'riwkeahlianumum',
        () => ({
          guru_id: teacher(),
          keahlian_id: pick(umum),
          keahlian_level_id: pick(level),
          riw_keahlian_sejak: '2015-01-01',
          predikat: 'Baik',
        }),
      ],
      [
        'riwkeahlianbahasa',
        () => ({
          guru_id: teacher(),
          keahlian_id: pick(bahasa),
          bicara_level_id: pick(level),
          mendengarkan_level_id: pick(level),
          menulis_level_id: pick(level),
          membaca_level_id: pick(level),
          riw_keahlian_sejak: '2012-01-01',
          predikat: 'Baik',
        }),
      ],
      [
        'riwpangkat',
        () => ({
          guru_id: teacher(),
          golongan: GOLONGAN[Math.floor(r() * GOLONGAN.length)]!,
          riw_pangkat_sk: String(Math.floor(r() * 1e6)),
          riw_pangkat_sktgl: '2021-03-20',
          riw_pangkat_pejabat: 'Bupati',
          riw_pangkat_thn: 8,
          riw_pangkat_bln: 0,
          riw_pangkat_tmt: '2021-04-01',
        }),
      ],
      [
        'riwkaryatulis',
        () => ({
          guru_id: teacher(),
          jenis_kt_id: pick(jenisKt),
          judul: 'Penelitian Tindakan Kelas',
          tgl_penerbitan: '2022-05-02',
        }),
      ],
      [
        'riwkgb',
        () => ({
          guru_id: teacher(),
          no_kgb: String(Math.floor(r() * 1e6)),
          perihal: 'Kenaikan Gaji Berkala',
          ttgl_kgb: '2023-01-01',
          gpl_kgb: 3_390_500,
          gol_kgb: 'III/b',
          nosk_kgb: String(Math.floor(r() * 1e6)),
          mkg_tahun: 10,
          mkg_bulan: 0,
        }),
      ],
    ];
    for (const [kind, make] of kinds)
      await insertBatches(db, recordTableOf(kind), per, `riwayat ${kind}`, () => make(), 4000);
  }
  // Rank promotion (docs/domain/kenaikan-pangkat.md): every PNS teacher's rank decree, verified,
  // its TMT spread over eight years (so about a quarter are in a period's window), and annual
  // ratings of the last five years (a few Butuh Perbaikan, a few still unverified).
  const year = Number(today.slice(0, 4));
  await db.execute(sql`
    insert into riw_pangkat (guru_id, golongan, riw_pangkat_sk, riw_pangkat_sktgl, riw_pangkat_pejabat, riw_pangkat_thn, riw_pangkat_bln, riw_pangkat_tmt, status)
    select id, golongan, '800/' || id || '/BKD', make_date(${year - 8}, 1, 1) + (id % 96) * interval '1 month' - interval '10 days', 'Gubernur', coalesce(mkg_tahun, 0), 0,
           (make_date(${year - 8}, 1, 1) + (id % 96) * interval '1 month')::date, 1
      from guru where status_guru = 'PNS' and golongan is not null`);
  await db.execute(sql`
    insert into riw_skp (guru_id, tahun, periode, predikat, penilai, status)
    select g.id, y, 'Tahunan', case when (g.id + y) % 17 = 0 then 'Butuh Perbaikan' when (g.id + y) % 5 = 0 then 'Sangat Baik' else 'Baik' end, 'Kepala Sekolah',
           case when (g.id + y) % 23 = 0 then 0 else 1 end
      from guru g cross join generate_series(${year - 5}::int, ${year - 1}::int) y where g.status_guru = 'PNS'`);
  // The teachers' profiles derived from their decrees, as the app's first start would do it
  // (resyncOnce, server/serve.ts): here, before VACUUM. Left to the app, the first start rewrote the
  // 58,000 teachers with a verified decree after VACUUM, and with autovacuum off the benchmark then
  // measured every list reading the heap beside its index-only scans (the teacher list's count
  // 11,000 buffers a request instead of 30, the KGB due list three times its time).
  await resyncOnce(db, new Date(`${today}T03:00:00Z`), zona);
  // VACUUM as well as ANALYZE: a freshly loaded table has no visibility map, so every index-only
  // scan would read the heap too, and the trigram index keeps its new entries in a pending list
  // that each search reads in full (the server here runs with autovacuum off).
  await db.execute(sql`vacuum (analyze)`);
}

// Run as a script, not imported (bench.ts imports it; its name also ends in "bench.ts").
if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const { values } = parseArgs({
    options: {
      tier: { type: 'string', default: 'S' },
      seed: { type: 'string', default: '42' },
      today: { type: 'string' },
    },
  });
  // The target is named, never assumed: without either the data would go into ./data, the
  // embedded database `npm start` keeps the office's (or the demo's) data in.
  if (!process.env.DATABASE_URL && !process.env.DATA_DIR) {
    console.error(
      'Sebutkan basis data tujuan: DATABASE_URL (PostgreSQL) atau DATA_DIR (PGlite). Tanpa keduanya data benchmark masuk ke ./data, basis data aplikasi sendiri.',
    );
    process.exit(2);
  }
  const tier = (values.tier ?? 'S').toUpperCase() as Tier;
  if (!(tier in TIERS)) throw new Error('--tier harus S, M atau L');
  const config = loadConfig();
  if (tier === 'L' && !config.databaseUrl) throw new Error('Tier L hanya untuk PostgreSQL (DATABASE_URL)');
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  const t0 = Date.now();
  try {
    await database.migrate();
    await seedReference(database.db);
    await ensureAdmin(database.db, { production: false, adminPassword: config.adminPassword });
    await seedBench(
      database.db,
      tier,
      Number(values.seed),
      values.today ?? new Date().toISOString().slice(0, 10),
      config.officeTimezone,
    );
    console.log(
      `Data benchmark tier ${tier} selesai dalam ${((Date.now() - t0) / 1000).toFixed(1)} s (${database.kind}). Password operator: ${BENCH_PASSWORD}`,
    );
  } finally {
    await database.close();
  }
}
