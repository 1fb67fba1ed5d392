// A known data set for the dashboard and statistics tests. "Today" is 2026-11-21 in the office's
// time zone (WIT); every expected number in the tests follows from the rows below, and the
// comments say which edge each row sits on. Retirement age 60: born in month M → retires on the
// first day of month M + 61 months.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jenisRuangan, kgbSurat, ruangan } from '../../db/schema/index.ts';
import { createGuru } from '../../test/guru-factory.ts';
import { createAdmin, createSchoolWithOperator } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { Config } from '../../config.ts';

/** 2026-11-21 12:00 WIT. */
export const TODAY = new Date('2026-11-21T03:00:00Z');

export interface KnownData {
  npsn: { sdA: string; sdB: string; smp: string; sma: string; smk: string; smkKosong: string };
  guru: Record<string, number>;
}

/**
 * A fresh app (with `config`) on TODAY holding the administrator and the known data set; the
 * administrator signed in.
 */
export async function knownDataApp(
  config: Partial<Config> = {},
): Promise<{ t: TestApp; known: KnownData; admin: string; adminUserId: number }> {
  const t = await createTestApp(config);
  t.clock.now = TODAY;
  const adminUserId = (await createAdmin(t.database.db)).id;
  const known = await buildKnownData(t.database.db);
  return { t, known, admin: await t.login('admin'), adminUserId };
}

export async function buildKnownData(db: Db): Promise<KnownData> {
  const school = async (npsn: string, bentukPendidikan: string, rombel: number | null) =>
    (await createSchoolWithOperator(db, { npsn, bentukPendidikan, rombel, namaSekolah: `${bentukPendidikan} ${npsn}` }))
      .school.id;
  // Levels: TK none, SD 2, SMP 1, SMA 1, SMK 2 (one without a student count and teachers).
  const sdA = await school('60300001', 'SD', 300);
  const sdB = await school('60300002', 'SD', 150);
  const smp = await school('60300003', 'SMP', 400);
  const sma = await school('60300004', 'SMA', 500);
  const smk = await school('60300005', 'SMK', 7);
  await school('60300006', 'SMK', null);

  const nonPns = { nip: null, golongan: null } as const;
  const g = {
    // SD A
    t1: await createGuru(db, sdA, {
      jenis_kelamin: 'Laki-laki',
      tgl_lahir: '1966-05-15',
      pendidikan_terakhir: 'S1',
      sertifikasi: 'Ya',
      golongan: 'III/b',
      tgl_kgb_terakhir: '2025-01-01',
    }), // retired 2026-06-01: no KGB (TMT 2027-01-01 would be after BUP)
    t2: await createGuru(db, sdA, {
      ...nonPns,
      jenis_kelamin: 'Perempuan',
      tgl_lahir: '1966-04-20',
      status_guru: 'GTT',
      pendidikan_terakhir: 'SMA/SMK',
      sertifikasi: 'Tidak',
    }), // retired 2026-05-01: before the 6 months
    t3: await createGuru(db, sdA, {
      ...nonPns,
      jenis_kelamin: 'Perempuan',
      tgl_lahir: '1995-03-03',
      status_guru: 'Honor Sekolah',
      pendidikan_terakhir: 'D3',
    }),
    // SD B
    t4: await createGuru(db, sdB, {
      jenis_kelamin: 'Laki-laki',
      tgl_lahir: '1966-10-02',
      pendidikan_terakhir: 'S2',
      sertifikasi: 'Ya',
      golongan: 'IV/a',
      tgl_kgb_terakhir: '2024-11-21',
    }), // retired 2026-11-01 (this month); TMT today, letter signed
    t5: await createGuru(db, sdB, {
      jenis_kelamin: 'Perempuan',
      tgl_lahir: '1966-11-30',
      pendidikan_terakhir: 'D4',
      sertifikasi: 'Tidak',
      golongan: 'III/a',
      tgl_kgb_terakhir: '2025-01-22',
    }), // retires 2026-12-01; TMT 2027-01-22, due from tomorrow
    // SMP
    t6: await createGuru(db, smp, {
      jenis_kelamin: 'Laki-laki',
      tgl_lahir: '1967-10-10',
      pendidikan_terakhir: 'S1',
      sertifikasi: 'Ya',
      golongan: 'III/c',
      tgl_kgb_terakhir: '2024-05-01',
    }), // retires 2027-11-01 (last month of the 12); TMT 2026-05-01 overdue
    t7: await createGuru(db, smp, {
      ...nonPns,
      jenis_kelamin: 'Perempuan',
      tgl_lahir: '1967-11-05',
      status_guru: 'Honor Daerah',
      pendidikan_terakhir: 'S1',
      sertifikasi: 'Tidak',
    }), // retires 2027-12-01: beyond 12 months
    t8: await createGuru(db, smp, {
      ...nonPns,
      jenis_kelamin: 'Perempuan',
      tgl_lahir: '1966-12-31',
      status_guru: 'GTY',
      pendidikan_terakhir: 'S1',
      sertifikasi: 'Ya',
    }), // retires 2027-01-01
    // SMA
    t9: await createGuru(db, sma, {
      jenis_kelamin: 'Laki-laki',
      tgl_lahir: '1990-03-15',
      nip: '199003152025111001',
      pendidikan_terakhir: 'SMA/SMK',
      sertifikasi: 'Tidak',
      golongan: 'II/a',
      tgl_kgb_terakhir: null,
    }), // no KGB yet: CPNS 2025-11 + 1 year (II/a) = 2026-11-01, overdue
    t10: await createGuru(db, sma, {
      jenis_kelamin: 'Laki-laki',
      tgl_lahir: '1990-06-06',
      nip: '199006062025031001',
      pendidikan_terakhir: 'S1',
      sertifikasi: 'Tidak',
      golongan: 'III/b',
      tgl_kgb_terakhir: null,
    }), // CPNS 2025-03 + 2 years = 2027-03-01, not yet
    t11: await createGuru(db, sma, {
      jenis_kelamin: 'Perempuan',
      tgl_lahir: '1970-12-15',
      pendidikan_terakhir: 'D3',
      golongan: null,
      tgl_kgb_terakhir: '2024-01-01',
    }), // PNS without golongan: no KGB; retires 2031-01-01
    // SMK
    t12: await createGuru(db, smk, {
      ...nonPns,
      jenis_kelamin: 'Perempuan',
      tgl_lahir: '1971-11-11',
      status_guru: 'PPPK',
      pendidikan_terakhir: 'S1',
      sertifikasi: 'Ya',
      tgl_kgb_terakhir: '2024-01-01',
    }), // not PNS: no KGB; retires 2031-12-01
    t13: await createGuru(db, smk, {
      jenis_kelamin: 'Laki-laki',
      tgl_lahir: '1971-12-01',
      pendidikan_terakhir: 'S3',
      sertifikasi: 'Ya',
      golongan: 'III/d',
      tgl_kgb_terakhir: '2025-03-01',
    }), // retires 2032-01-01: after the 5 years
    t14: await createGuru(db, smk, {
      ...nonPns,
      jenis_kelamin: 'Laki-laki',
      tgl_lahir: '1966-06-01',
      status_guru: 'GTT',
    }), // born on the 1st: 60 on 2026-06-01, retired 2026-07-01
    // No school: counted in the totals, not in any level.
    t15: await createGuru(db, sdA, {
      ...nonPns,
      sekolah_id: null,
      jenis_kelamin: 'Perempuan',
      tgl_lahir: '1988-08-08',
      status_guru: 'Honor Sekolah',
      pendidikan_terakhir: 'S1',
      sertifikasi: 'Ya',
    }),
  };
  const guru = Object.fromEntries(Object.entries(g).map(([k, v]) => [k, v.id]));

  // Classrooms: 3 Baik, 1 Rusak Ringan, 1 Rusak Sedang, 1 Rusak Berat; two other rooms do not count.
  const [kelas] = await db.select().from(jenisRuangan).where(eq(jenisRuangan.nama, 'Ruang Kelas'));
  const [guruRoom] = await db.select().from(jenisRuangan).where(eq(jenisRuangan.nama, 'Ruang Guru'));
  const room = (sekolahId: number, jenisRuanganId: number, status: string, nama: string) => ({
    sekolahId,
    jenisRuanganId,
    status,
    nama,
    panjang: 8,
    lebar: 7,
    tinggi: 3.5,
    keterangan: 'uji',
  });
  await db
    .insert(ruangan)
    .values([
      room(sdA, kelas!.id, 'Baik', 'Kelas 1'),
      room(sdA, kelas!.id, 'Baik', 'Kelas 2'),
      room(smp, kelas!.id, 'Baik', 'Kelas 7'),
      room(smp, kelas!.id, 'Rusak Ringan', 'Kelas 8'),
      room(sma, kelas!.id, 'Rusak Sedang', 'Kelas 10'),
      room(smk, kelas!.id, 'Rusak Berat', 'Kelas 11'),
      room(sdA, guruRoom!.id, 'Rusak Berat', 'Ruang Guru'),
      room(smk, guruRoom!.id, 'Rusak Berat', 'Ruang Guru'),
    ]);

  // KGB letters (signed_at in UTC; months are counted in WIT).
  let n = 0;
  const letter = (guruId: number, tmt: string, status: string, signedAt: Date | null) => {
    n++;
    return {
      guruId,
      tmt,
      status,
      signedAt,
      nomor: `822/${n}/KGB/2026`,
      kodeDokumen: `UJI${n}`,
      isi: {},
      pdfKey: `k${n}`,
      pdfSha256: '0'.repeat(64),
      verifiedAt: new Date('2024-01-01T00:00:00Z'),
    };
  };
  await db.insert(kgbSurat).values([
    letter(g.t4.id, '2026-11-21', 'signed', new Date('2026-11-20T05:00:00Z')), // November; takes t4 off the due list
    letter(g.t6.id, '2024-05-01', 'signed', new Date('2024-04-01T05:00:00Z')), // an older TMT: t6 stays due
    letter(g.t13.id, '2025-03-01', 'signed', new Date('2026-05-31T16:00:00Z')), // 2026-06-01 01:00 WIT: June
    letter(g.t10.id, '2025-03-01', 'signed', new Date('2026-05-31T14:00:00Z')), // 2026-05-31 23:00 WIT: May, outside
    letter(g.t9.id, '2026-11-01', 'verified', null), // not signed: t9 stays due
    letter(g.t13.id, '2023-03-01', 'signed', new Date('2026-08-15T02:00:00Z')), // August
  ]);

  return {
    npsn: {
      sdA: '60300001',
      sdB: '60300002',
      smp: '60300003',
      sma: '60300004',
      smk: '60300005',
      smkKosong: '60300006',
    },
    guru,
  };
}
