import { z } from 'zod';

export * from './kantor-values.ts';

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} maksimal ${max} karakter`)
    .nullish()
    .transform((v) => v || null);

/** A required text of the profile, trimmed, every message naming the field. */
const profilText = (label: string, max: number) =>
  z
    .string({ error: `${label} tidak boleh Kosong` })
    .trim()
    .min(1, `${label} tidak boleh Kosong`)
    .max(max, `${label} maksimal ${max} karakter`);

/** PUT api/pengaturan/kantor. */
export const profilKantorBody = z.object({
  tingkat: z.enum(['kabupaten_kota', 'provinsi'], { error: 'Tingkat kantor harus kabupaten/kota atau provinsi' }),
  wilayah: profilText('Wilayah', 100),
  nama_instansi: profilText('Nama instansi', 100),
  alamat: profilText('Alamat kantor', 200),
  kota: profilText('Tempat penandatanganan', 60),
  telepon: optionalText('Telepon', 40).refine(
    (v) => v === null || /^[0-9()+\-\s.]{5,40}$/.test(v),
    'Telepon hanya boleh berisi angka, spasi, tanda kurung, + dan -',
  ),
  email: optionalText('Pos-el', 100).refine(
    (v) => v === null || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v),
    'Alamat pos-el tidak valid',
  ),
  laman: optionalText('Laman', 100).refine(
    (v) => v === null || /^[a-z0-9.-]+\.[a-z]{2,}(\/\S*)?$/i.test(v.replace(/^https?:\/\//i, '')),
    'Alamat laman tidak valid',
  ),
  kepala_daerah: z
    .string({ error: 'Kepala daerah tidak boleh Kosong' })
    .trim()
    .min(1, 'Kepala daerah (atas nama) tidak boleh Kosong')
    .max(100, 'Kepala daerah maksimal 100 karakter'),
  zona_waktu: z.enum(['Asia/Jakarta', 'Asia/Makassar', 'Asia/Jayapura'], {
    error: 'Zona waktu harus WIB, WITA atau WIT',
  }),
});
export type ProfilKantorBody = z.infer<typeof profilKantorBody>;
