import { eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import {
  bentukPendidikan,
  fasilitas,
  gajiPokokTabel,
  jenisRuangan,
  kondisi,
  masterAset,
  roles,
  users,
} from '../schema/index.ts';
import { PP_5_2024 } from '../../domain/gaji-pp5-2024.ts';
import { PERPRES_11_2024 } from '../../domain/gaji-pppk-perpres11-2024.ts';
import { PP_15_2019 } from '../../domain/gaji-pp15-2019.ts';
import { salarySteps } from '../../domain/kgb.ts';
import { BENTUK_PENDIDIKAN, KONDISI } from '#contract/master.ts';
import { ROLE_ADMIN, ROLE_NAMES, ROLE_OPERATOR } from '#contract/auth.ts';
import { hashPassword } from '../../lib/password.ts';
import { passwordProblem } from '../../domain/password-policy.ts';
import { loadWilayah } from './wilayah.ts';
import { seedReferensi } from './referensi.ts';

/** Data every installation needs, demo or not: roles and regions. Idempotent. */
export async function seedReference(db: Db): Promise<void> {
  await db
    .insert(roles)
    .values([
      { id: ROLE_ADMIN, name: ROLE_NAMES[ROLE_ADMIN] },
      { id: ROLE_OPERATOR, name: ROLE_NAMES[ROLE_OPERATOR] },
    ])
    .onConflictDoNothing();
  await db
    .insert(bentukPendidikan)
    .values(BENTUK_PENDIDIKAN.map((nama) => ({ nama })))
    .onConflictDoNothing();
  await db
    .insert(kondisi)
    .values(KONDISI.map((nama) => ({ nama })))
    .onConflictDoNothing();
  await db
    .insert(fasilitas)
    .values(FASILITAS.map((nama) => ({ fasilitas: nama })))
    .onConflictDoNothing();
  // Editable lists: seeded only while empty, so an administrator's changes are never undone.
  const [rooms] = await db.select({ id: jenisRuangan.id }).from(jenisRuangan).limit(1);
  if (!rooms) await db.insert(jenisRuangan).values(JENIS_RUANGAN.map((nama) => ({ nama })));
  const [assets] = await db.select({ id: masterAset.id }).from(masterAset).limit(1);
  if (!assets) await db.insert(masterAset).values(JENIS_ASET.map((nama) => ({ nama })));
  await seedReferensi(db);
  // Salary tables are versioned by regulation; each is inserted once and never changed: PNS and
  // CPNS (PP 15/2019 for TMTs in 2019-2023, PP 5/2024 from 2024; golongan ruang I/a-IV/e) and PPPK
  // (Perpres 11/2024, golongan I-XVII).
  for (const table of [PP_15_2019, PP_5_2024, PERPRES_11_2024])
    await db.insert(gajiPokokTabel).values(salarySteps(table)).onConflictDoNothing();
  await loadWilayah(db);
}

/** Facilities as Dapodik lists them for a school's infrastructure. */
export const FASILITAS = [
  'Listrik PLN',
  'Air Bersih',
  'Akses Internet',
  'Perpustakaan',
  'Laboratorium IPA',
  'Laboratorium Komputer',
  'Laboratorium Bahasa',
  'UKS',
  'Musholla',
  'Kantin',
  'Lapangan Olahraga',
  'Toilet Siswa',
  'Toilet Guru',
  'Ruang BK',
  'Ruang OSIS',
  'Tempat Parkir',
  'Pagar Sekolah',
  'Aula',
  'Bengkel Praktik',
  'Ramp Disabilitas',
];

/** Room types (Permendikbud sarana-prasarana). */
export const JENIS_RUANGAN = [
  'Ruang Kelas',
  'Ruang Guru',
  'Ruang Kepala Sekolah',
  'Ruang Tata Usaha',
  'Perpustakaan',
  'Laboratorium IPA',
  'Laboratorium Komputer',
  'Ruang UKS',
  'Ruang Ibadah',
  'Toilet',
  'Gudang',
  'Ruang Bermain',
  'Bengkel Praktik',
];

export const JENIS_ASET = [
  'Meja Siswa',
  'Kursi Siswa',
  'Meja Guru',
  'Kursi Guru',
  'Papan Tulis',
  'Lemari',
  'Rak Buku',
  'Komputer',
  'Laptop',
  'Proyektor',
  'Printer',
  'Kipas Angin',
  'AC',
  'Alat Peraga',
  'Alat Olahraga',
  'Mikroskop',
  'Tempat Tidur UKS',
];

export const DEMO_ADMIN_PASSWORD = 'admin12345';

/**
 * Makes sure an administrator `admin` exists. In production the password must be given
 * (ADMIN_PASSWORD); elsewhere the demo password is used when none is given.
 */
export async function ensureAdmin(
  db: Db,
  opts: { production: boolean; adminPassword: string | undefined },
): Promise<'created' | 'exists'> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.roleId, ROLE_ADMIN)).limit(1);
  if (existing) return 'exists';
  if (opts.production && !opts.adminPassword) {
    throw new Error('Belum ada administrator: jalankan dengan ADMIN_PASSWORD=<password awal> untuk membuatnya.');
  }
  if (opts.production && opts.adminPassword && opts.adminPassword.length < 12) {
    throw new Error('ADMIN_PASSWORD untuk produksi minimal 12 karakter.');
  }
  // The same rules as a password the administrator picks later (server/domain/password-policy.ts).
  const problem = opts.production && opts.adminPassword ? passwordProblem(opts.adminPassword, 'admin') : null;
  if (problem) throw new Error(`ADMIN_PASSWORD ditolak: ${problem.replace(/^Password baru /, 'password ')}.`);
  await db.insert(users).values({
    username: 'admin',
    nama: 'Administrator Dinas Pendidikan',
    passwordHash: await hashPassword(opts.adminPassword ?? DEMO_ADMIN_PASSWORD),
    roleId: ROLE_ADMIN,
  });
  return 'created';
}
