import { count } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { fasilitas, pengaturan, sekolah, sekolahFasilitas, users } from '../schema/index.ts';
import sharp from 'sharp';
import { processImage } from '../../lib/images.ts';
import { ROLE_OPERATOR } from '#contract/auth.ts';
import { hashPassword } from '../../lib/password.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { seedSchoolProperty } from './demo-property.ts';
import { seedDemoTeachers } from './demo-guru.ts';
import { registerOfficial } from '../../modules/kgb/pejabat.service.ts';
import { DEFAULT_DEMO_PASSPHRASE } from '../../config.ts';

export const DEMO_OPERATOR_PASSWORD = 'operator123';
/**
 * Passphrase of the demo signing official's key when DEMO_PASSPHRASE is not set (README). Demo
 * data only: never seeded in production (docs/security.md, "The demo's published secrets").
 */
export const DEMO_PASSPHRASE = DEFAULT_DEMO_PASSPHRASE;
/**
 * The demo official's NIK when Sidasek signs through BSrE (SIGNER=bsre): a made-up NIK of Kota
 * Ternate that the BSrE simulator knows (server/test/bsre-simulator.ts), with the same passphrase.
 */
export const DEMO_NIK = '8271011503700001';

type DemoSchool = typeof sekolah.$inferInsert;

/**
 * The demo is one office (docs/domain/data-guru.md "Which office manages which schools"): the
 * provincial education office of Maluku Utara (Kemendagri code 82), which manages the province's
 * SMA and SMK across its regencies and cities, around the map centre of SPEC §9. NPSNs are made up
 * in the province's 602xxxxx range; region codes and names are the official ones.
 */
export const DEMO_SCHOOLS: DemoSchool[] = [
  { npsn: '60200338', namaSekolah: 'SMA Negeri 1 Kota Ternate', status: 'Negeri', bentukPendidikan: 'SMA', alamat: 'Jl. Ki Hajar Dewantoro No. 1', rtrw: '002/001', kodeWilayah: '82.71.03.1008', kodePos: '97721', telpon: '0921312345', email: 'sman1ternate@sch.id', web: 'https://sman1ternate.sch.id', rombel: 864, lat: 0.7937, long: 127.3844 },
  { npsn: '60200412', namaSekolah: 'SMA Negeri 2 Kota Ternate', status: 'Negeri', bentukPendidikan: 'SMA', alamat: 'Jl. Pahlawan Revolusi', rtrw: '001/003', kodeWilayah: '82.71.02.1004', kodePos: '97719', telpon: '0921321456', email: 'sman2ternate@sch.id', rombel: 612, lat: 0.7786, long: 127.3797 },
  { npsn: '60200587', namaSekolah: 'SMK Negeri 2 Kota Ternate', status: 'Negeri', bentukPendidikan: 'SMK', alamat: 'Jl. Jambula Raya', rtrw: '003/002', kodeWilayah: '82.71.01.1001', kodePos: '97728', rombel: 386, lat: 0.7461, long: 127.3402 },
  { npsn: '60201144', namaSekolah: 'SMK Negeri 1 Tidore Kepulauan', status: 'Negeri', bentukPendidikan: 'SMK', alamat: 'Jl. Sultan Nuku, Soasio', rtrw: '001/001', kodeWilayah: '82.72.01.1001', kodePos: '97812', telpon: '0921361234', email: 'smkn1tidore@sch.id', rombel: 540, lat: 0.6791, long: 127.4049 },
  { npsn: '60201876', namaSekolah: 'SMA Negeri 1 Halmahera Barat', status: 'Negeri', bentukPendidikan: 'SMA', alamat: 'Jl. Raya Gufasa, Jailolo', rtrw: '002/002', kodeWilayah: '82.01.01.2001', kodePos: '97752', email: 'sman1halbar@sch.id', rombel: 498, lat: 1.0736, long: 127.4762 },
  { npsn: '60202210', namaSekolah: 'SMA Negeri 1 Halmahera Utara', status: 'Negeri', bentukPendidikan: 'SMA', alamat: 'Jl. Kemakmuran, Gamsungi, Tobelo', kodeWilayah: '82.03.05.2004', kodePos: '97762', email: 'sman1halut@sch.id', rombel: 524, lat: 1.7285, long: 128.0089 },
  { npsn: '69854321', namaSekolah: 'SMA Islam Al-Khairaat Ternate', status: 'Swasta', bentukPendidikan: 'SMA', alamat: 'Jl. Kasturian No. 12', kodeWilayah: '82.71.03.1009', kodePos: '97721', rombel: 212, lat: 0.7992, long: 127.3811 },
  { npsn: '60203345', namaSekolah: 'SMK Kristen Tobelo', status: 'Swasta', bentukPendidikan: 'SMK', alamat: 'Jl. Kemakmuran, Gura', kodeWilayah: '82.03.05.2005', kodePos: '97762', rombel: 233, lat: 1.7311, long: 128.0051 },
];

/**
 * Demo schools, each with its operator account (username = NPSN), rooms with assets, land and
 * gallery photos, on an empty database only.
 */
export async function seedDemo(db: Db, files: FileStore, today: Date = new Date(), passphrase: string = DEMO_PASSPHRASE, signer: 'p12' | 'bsre' = 'p12'): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(sekolah);
  if ((existing?.n ?? 0) > 0) return false;
  const passwordHash = await hashPassword(DEMO_OPERATOR_PASSWORD);
  const schools = await db.transaction(async (tx) => {
    const rows = await tx.insert(sekolah).values(DEMO_SCHOOLS).returning({ id: sekolah.id, npsn: sekolah.npsn, bentukPendidikan: sekolah.bentukPendidikan });
    await tx.insert(users).values(
      DEMO_SCHOOLS.map((s) => ({ username: s.npsn, nama: `Operator ${s.namaSekolah}`, passwordHash, roleId: ROLE_OPERATOR })),
    );
    return rows;
  });
  for (const [i, s] of schools.entries()) await seedSchoolProperty(db, files, s.id, i);
  await seedFacilities(db, schools.map((s) => s.id));
  await seedDemoTeachers(db, files, schools, today);
  await registerOfficial(db, files, {
    nama: 'Dr. Abdullah Sangaji, M.Pd.',
    nip: '197003151995031002',
    jabatan: 'Kepala Dinas Pendidikan dan Kebudayaan',
    pangkat: 'Pembina Utama Muda (IV/c)',
    ...(signer === 'bsre' ? { nik: DEMO_NIK } : { passphrase }),
    aktif: true,
  }, today, signer);
  await seedDemoOffice(db, files);
  return true;
}

/**
 * The demo office's profile: the letterhead with contacts and an emblem drawn here (a
 * stand-in for the region's coat of arms, which is not ours to ship), so demo letters look as an
 * office sends them. The contacts are examples.
 */
async function seedDemoOffice(db: Db, files: FileStore): Promise<void> {
  const emblem = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="220" height="260" viewBox="0 0 220 260">
    <path d="M110 6 L206 40 L206 130 C206 196 160 236 110 254 C60 236 14 196 14 130 L14 40 Z" fill="#0f3d91" stroke="#c9a227" stroke-width="10"/>
    <path d="M110 60 L150 160 L70 160 Z" fill="#2f855a"/>
    <circle cx="110" cy="112" r="16" fill="#c9a227"/>
    <rect x="48" y="176" width="124" height="34" rx="6" fill="#ffffff"/>
    <text x="110" y="200" font-family="sans-serif" font-size="20" font-weight="700" text-anchor="middle" fill="#0f3d91">MALUT</text>
  </svg>`);
  const logo = await processImage(await sharp(emblem).png().toBuffer());
  const key = await files.put(logo.image, 'jpg');
  await db.insert(pengaturan).values({
    kunci: 'kantor',
    nilai: {
      tingkat: 'provinsi',
      wilayah: 'Provinsi Maluku Utara',
      nama_instansi: 'Dinas Pendidikan dan Kebudayaan',
      alamat: 'Kompleks Perkantoran Pemerintah Provinsi, Jl. Raya Sofifi, Oba Utara, Sofifi 97852',
      kota: 'Sofifi',
      telepon: '(0921) 3121234',
      email: 'dikbud@malutprov.go.id',
      laman: 'dikbud.malutprov.go.id',
      kepala_daerah: 'Gubernur Maluku Utara',
      zona_waktu: 'Asia/Jayapura',
      logo_key: key,
    },
  }).onConflictDoNothing();
}

async function seedFacilities(db: Db, schoolIds: number[]): Promise<void> {
  const all = await db.select().from(fasilitas).orderBy(fasilitas.id);
  const rows = schoolIds.flatMap((sekolahId, i) => all.filter((_, k) => (k + i) % 3 !== 0).slice(0, 8).map((f) => ({ sekolahId, fasilitasId: f.id })));
  if (rows.length) await db.insert(sekolahFasilitas).values(rows);
}
