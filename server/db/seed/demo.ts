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
import { DEMO_NIK, DEMO_OPERATOR_PASSWORD, DEMO_PASSPHRASE, DEMO_SCHOOLS, demoNeeded } from './demo-accounts.ts';

export { DEMO_NIK, DEMO_OPERATOR_PASSWORD, DEMO_PASSPHRASE, DEMO_SCHOOLS } from './demo-accounts.ts';

/**
 * Demo schools, each with its operator account (username = NPSN), rooms with assets, land and
 * gallery photos, on an empty database only.
 */
export async function seedDemo(
  db: Db,
  files: FileStore,
  today: Date = new Date(),
  passphrase: string = DEMO_PASSPHRASE,
  signer: 'p12' | 'bsre' = 'p12',
): Promise<boolean> {
  if (!(await demoNeeded(db))) return false;
  const passwordHash = await hashPassword(DEMO_OPERATOR_PASSWORD);
  const schools = await db.transaction(async (tx) => {
    const rows = await tx
      .insert(sekolah)
      .values(DEMO_SCHOOLS)
      .returning({ id: sekolah.id, npsn: sekolah.npsn, bentukPendidikan: sekolah.bentukPendidikan });
    await tx.insert(users).values(
      DEMO_SCHOOLS.map((s) => ({
        username: s.npsn,
        nama: `Operator ${s.namaSekolah}`,
        passwordHash,
        roleId: ROLE_OPERATOR,
      })),
    );
    return rows;
  });
  for (const [i, s] of schools.entries()) await seedSchoolProperty(db, files, s.id, i);
  await seedFacilities(
    db,
    schools.map((s) => s.id),
  );
  await seedDemoTeachers(db, files, schools, today);
  await registerOfficial(
    db,
    files,
    {
      nama: 'Dr. Abdullah Sangaji, M.Pd.',
      nip: '197003151995031002',
      jabatan: 'Kepala Dinas Pendidikan dan Kebudayaan',
      pangkat: 'Pembina Utama Muda (IV/c)',
      ...(signer === 'bsre' ? { nik: DEMO_NIK } : { passphrase }),
      aktif: true,
    },
    today,
    signer,
  );
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
  await db
    .insert(pengaturan)
    .values({
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
    })
    .onConflictDoNothing();
}

async function seedFacilities(db: Db, schoolIds: number[]): Promise<void> {
  const all = await db.select().from(fasilitas).orderBy(fasilitas.id);
  const rows = schoolIds.flatMap((sekolahId, i) =>
    all
      .filter((_, k) => (k + i) % 3 !== 0)
      .slice(0, 8)
      .map((f) => ({ sekolahId, fasilitasId: f.id })),
  );
  if (rows.length) await db.insert(sekolahFasilitas).values(rows);
}
