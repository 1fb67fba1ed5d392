import { beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { testDatabase, resetDatabase } from '../../test/test-db.ts';
import type { Database } from '../client.ts';
import { sekolah, users, wilayah } from '../schema/index.ts';
import { ensureAdmin } from './reference.ts';
import { seedDemo, DEMO_SCHOOLS } from './demo.ts';
import { loadConfig } from '../../config.ts';
import { parseCsvLine } from './wilayah.ts';
import { memoryFileStore } from '../../lib/file-store.ts';
import { guru } from '../schema/index.ts';
import { recordTableOf } from '../schema/riwayat.ts';
import { RECORD_KINDS } from '#contract/riwayat.ts';
import { nikProblem } from '#contract/nip.ts';
import { asnProblems } from '#contract/asn.ts';
import { addMonths, tmtKgbBerikutnya } from '../../domain/kepegawaian.ts';
import { tmtPensiun as tanggalPensiun } from '../../domain/pensiun.ts';
import { planKgb } from '../../domain/kgb.ts';
import { decreesOf } from '../../modules/guru/record-basis.ts';
import { kgbRepository, salaryTables } from '../../modules/kgb/kgb.repository.ts';
import { readProfile, regionCodeOf } from '../../modules/kantor/kantor.repository.ts';
import { JENJANG_KANTOR, kepalaDaerahOf } from '#contract/kantor-values.ts';
import { pejabat } from '../schema/index.ts';
import { readOfficialKey } from '../../modules/kgb/official-key.ts';

let database: Database;
beforeEach(async () => {
  database = await testDatabase();
  await resetDatabase(database);
});

describe('production start', () => {
  it('refuses to create the administrator without an explicit password', async () => {
    await expect(ensureAdmin(database.db, { production: true, adminPassword: undefined })).rejects.toThrow(
      /ADMIN_PASSWORD/,
    );
    await expect(ensureAdmin(database.db, { production: true, adminPassword: 'pendek' })).rejects.toThrow(/minimal 12/);
    // The password policy too: a short pattern repeated, the office's region.
    await expect(ensureAdmin(database.db, { production: true, adminPassword: 'abcabcabcabc' })).rejects.toThrow(
      /ADMIN_PASSWORD ditolak: password terlalu umum/,
    );
    await expect(ensureAdmin(database.db, { production: true, adminPassword: 'Maluku Utara' })).rejects.toThrow(
      /ADMIN_PASSWORD ditolak/,
    );
    expect(await database.db.select().from(users)).toHaveLength(0);
    expect(await ensureAdmin(database.db, { production: true, adminPassword: 'password-produksi-panjang' })).toBe(
      'created',
    );
    expect(await ensureAdmin(database.db, { production: true, adminPassword: undefined })).toBe('exists');
  });

  it('never seeds demo data in production, whatever DEMO_SEED says', () => {
    expect(loadConfig({ NODE_ENV: 'production', DEMO_SEED: 'true' }).demoSeed).toBe(false);
    expect(loadConfig({}).demoSeed).toBe(true);
    expect(loadConfig({ DEMO_SEED: 'false' }).demoSeed).toBe(false);
  });

  it('reads PORT, DATA_DIR and DATABASE_URL and refuses a bad number', () => {
    const c = loadConfig({ PORT: '4100', DATA_DIR: '/tmp/x', DATABASE_URL: 'postgres://a@b/c' });
    expect([c.port, c.dataDir, c.databaseUrl]).toEqual([4100, '/tmp/x', 'postgres://a@b/c']);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
  });
});

describe('demo seed', () => {
  it('creates the demo schools in Maluku Utara, each with an operator account, once', async () => {
    const files = memoryFileStore();
    expect(await seedDemo(database.db, files)).toBe(true);
    expect(await seedDemo(database.db, files)).toBe(false);
    // Every school has rooms with assets, land and two gallery photos (image + thumbnail each).
    // Photos: 2 gallery images + 2 thumbnails per school, and per teacher a photo and 1-2 PDFs.
    expect(files.size()).toBeGreaterThan(DEMO_SCHOOLS.length * 4);
    const schools = await database.db.select().from(sekolah);
    expect(schools).toHaveLength(DEMO_SCHOOLS.length);
    for (const s of schools) {
      expect(s.npsn).toMatch(/^[0-9A-Z]{8}$/);
      // Every region code is a real village of province 82 (Maluku Utara).
      const [village] = await database.db.select().from(wilayah).where(eq(wilayah.kodeWilayah, s.kodeWilayah!));
      expect(village?.level).toBe(4);
      expect(s.kodeWilayah!.startsWith('82.')).toBe(true);
      const [op] = await database.db.select().from(users).where(eq(users.username, s.npsn));
      expect(op?.roleId).toBe(2);
    }
    // The whole demo (schools, teachers with their decrees, ratings and families, letters) is seeded
    // here: about 10 s on a quiet machine, more on a busy one.
  }, 90_000);
});

describe('demo signing official', () => {
  it("its key's passphrase is DEMO_PASSPHRASE when set (a demo shown on a network keeps its own), ttd-demo-2026 otherwise", async () => {
    expect(loadConfig({}).demoPassphrase).toBe('ttd-demo-2026');
    expect(loadConfig({ DEMO_PASSPHRASE: 'frasa-demo-kantor-77' }).demoPassphrase).toBe('frasa-demo-kantor-77');
    expect(() => loadConfig({ DEMO_PASSPHRASE: 'pendek' })).toThrow(/DEMO_PASSPHRASE/);
    const files = memoryFileStore();
    await seedDemo(database.db, files, new Date('2026-11-21T00:00:00Z'), 'frasa-demo-kantor-77');
    const [official] = await database.db.select().from(pejabat);
    const p12 = (await files.get(official!.p12Key!))!;
    expect(() => readOfficialKey(p12, 'ttd-demo-2026')).toThrow();
    expect(readOfficialKey(p12, 'frasa-demo-kantor-77').fingerprint).toBe(official!.sertifikatSidikJari);
  });
});

describe('demo office', () => {
  it('is one consistent office: a provincial office whose schools are all SMA/SMK in its province, its letters a.n. the governor', async () => {
    await seedDemo(database.db, memoryFileStore(), new Date('2026-11-21T00:00:00Z'));
    const profile = await readProfile(database.db);
    expect(profile).toMatchObject({
      tingkat: 'provinsi',
      wilayah: 'Provinsi Maluku Utara',
      kepala_daerah: kepalaDaerahOf('provinsi', 'Provinsi Maluku Utara'),
    });
    const kode = await regionCodeOf(database.db, profile);
    expect(kode).toBe('82');
    for (const s of await database.db.select().from(sekolah)) {
      expect(JENJANG_KANTOR[profile.tingkat], s.namaSekolah).toContain(s.bentukPendidikan);
      expect(s.kodeWilayah!.startsWith(`${kode}.`), s.namaSekolah).toBe(true);
    }
    // The decrees in the demo record were issued by the province (appointments, promotions).
    for (const r of await database.db.select().from(recordTableOf('riwpangkat')))
      expect(r.riw_pangkat_pejabat).toBe('Gubernur Maluku Utara');
    const [official] = await database.db.select().from(pejabat);
    expect(official?.jabatan).toBe('Kepala Dinas Pendidikan dan Kebudayaan');
  });
});

describe('demo teachers', () => {
  it('every demo school has teachers with rows in every tab; some unverified, due for KGB, retiring', async () => {
    const today = new Date('2026-11-21T00:00:00Z');
    await seedDemo(database.db, memoryFileStore(), today);
    const teachers = await database.db.select().from(guru);
    const schools = await database.db.select().from(sekolah);
    for (const s of schools) expect(teachers.filter((g) => g.sekolah_id === s.id).length).toBeGreaterThanOrEqual(3);
    for (const g of teachers) {
      // NIP or NI PPPK and golongan as the teacher form checks them (contract/asn.ts).
      expect(asnProblems(g), `${g.status_guru} ${g.nip} ${g.golongan}`).toEqual({});
      if (g.nik) expect(nikProblem(g.nik), g.nik).toBeNull();
    }
    expect(teachers.some((g) => g.verifikasi === 0)).toBe(true);
    const due = teachers.filter(
      (g) =>
        g.status_guru === 'PNS' &&
        g.tgl_kgb_terakhir &&
        tmtKgbBerikutnya(g.tgl_kgb_terakhir) <= addMonths('2026-11-21', 2),
    );
    expect(due.length).toBeGreaterThanOrEqual(3);
    // Every demo letter can be made from the record, and its numbers are the record's:
    // TMTs on the 1st, the profile equal to the newest verified decree, the salary the table's.
    const table = await kgbRepository(database.db, salaryTables()).salaryTable();
    for (const g of due) {
      const decrees = await decreesOf(database.db, g.id);
      const plan = planKgb(
        { statusGuru: g.status_guru, nip: g.nip, tglLahir: g.tgl_lahir, retirementAge: 60, decrees },
        table,
      );
      if (tanggalPensiun(g.tgl_lahir) <= tmtKgbBerikutnya(g.tgl_kgb_terakhir!)) continue;
      expect(plan.ok, `${g.nama}: ${JSON.stringify(plan)}`).toBe(true);
      if (!plan.ok) continue;
      expect(plan.plan.tmt.endsWith('-01')).toBe(true);
      expect(plan.plan.tmt).toBe(tmtKgbBerikutnya(g.tgl_kgb_terakhir!));
      expect({ golongan: g.golongan, mkg: { tahun: g.mkg_tahun, bulan: g.mkg_bulan }, gaji: g.gaji_pokok }).toEqual({
        golongan: plan.plan.golongan,
        mkg: plan.plan.mkgLama,
        gaji: plan.plan.gajiLama,
      });
      // The step of the table in force on the TMT (PP 5/2024 for these; PP 15/2019 before 2024).
      const inForce = table.filter((x) => x.golongan === plan.plan.golongan && x.regulasi === 'PP 5/2024');
      expect(plan.plan.gajiBaru).toBe(
        inForce.find(
          (x) => x.mkg === Math.max(...inForce.filter((y) => y.mkg <= plan.plan.mkgBaru.tahun).map((y) => y.mkg)),
        )!.gaji,
      );
    }
    // PNS, CPNS and PPPK alike: a PPPK and a CPNS letter are due in the demo.
    for (const [status, regulasi, persen] of [
      ['PPPK', 'Perpres 11/2024', 100],
      ['CPNS', 'PP 5/2024', 80],
    ] as const) {
      const plans = await Promise.all(
        teachers
          .filter((g) => g.status_guru === status)
          .map(async (g) =>
            planKgb(
              {
                statusGuru: g.status_guru,
                nip: g.nip,
                tglLahir: g.tgl_lahir,
                retirementAge: 60,
                decrees: await decreesOf(database.db, g.id),
              },
              table,
            ),
          ),
      );
      expect(
        plans.some(
          (p) =>
            p.ok &&
            p.plan.tmt <= addMonths('2026-11-21', 2) &&
            p.plan.regulasi === regulasi &&
            p.plan.persen === persen,
        ),
        status,
      ).toBe(true);
    }
    for (const r of await database.db.select().from(recordTableOf('riwkgb')))
      expect(String(r.ttgl_kgb).endsWith('-01'), String(r.ttgl_kgb)).toBe(true);
    for (const r of await database.db.select().from(recordTableOf('riwpangkat')))
      expect(String(r.riw_pangkat_tmt).endsWith('-01')).toBe(true);
    const retiring = teachers.filter((g) => {
      const p = tanggalPensiun(g.tgl_lahir);
      return p > '2026-11-21' && p <= '2027-11-21';
    });
    expect(retiring.length).toBeGreaterThanOrEqual(3);
    for (const kind of RECORD_KINDS) {
      const rows = await database.db.select().from(recordTableOf(kind.key));
      expect(rows.length, kind.key).toBeGreaterThan(0);
    }
  });
});

describe('regions', () => {
  it('holds the whole Kemendagri table', async () => {
    const counts = await database.db.execute(
      sql`select level, count(*)::int as n from wilayah group by level order by level`,
    );
    expect((counts as unknown as { rows: { level: number; n: number }[] }).rows).toEqual([
      { level: 1, n: 38 },
      { level: 2, n: 514 },
      { level: 3, n: 7285 },
      { level: 4, n: 83762 },
    ]);
  });

  it('parses quoted CSV fields', () => {
    expect(parseCsvLine('12.07.28.1007,12.07.28,"Lubuk Pakam I,II"')).toEqual([
      '12.07.28.1007',
      '12.07.28',
      'Lubuk Pakam I,II',
    ]);
    expect(parseCsvLine('35.13.15.2017,35.13.15,"Soka""an"')).toEqual(['35.13.15.2017', '35.13.15', 'Soka"an']);
  });
});
