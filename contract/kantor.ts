import { z } from 'zod';

export * from './kantor-values.ts';

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} maksimal ${max} karakter`)
    .nullish()
    .transform((v) => v || null);

/** PUT api/pengaturan/kantor. */
export const profilKantorBody = z.object({
  tingkat: z.enum(['kabupaten_kota', 'provinsi'], { error: 'Tingkat kantor harus kabupaten/kota atau provinsi' }),
  wilayah: z
    .string({ error: 'Wilayah tidak boleh Kosong' })
    .trim()
    .min(1, 'Wilayah tidak boleh Kosong')
    .max(100, 'Wilayah maksimal 100 karakter'),
  nama_instansi: z
    .string({ error: 'Nama instansi tidak boleh Kosong' })
    .trim()
    .min(1, 'Nama instansi tidak boleh Kosong')
    .max(100, 'Nama instansi maksimal 100 karakter'),
  alamat: z
    .string({ error: 'Alamat kantor tidak boleh Kosong' })
    .trim()
    .min(1, 'Alamat kantor tidak boleh Kosong')
    .max(200, 'Alamat kantor maksimal 200 karakter'),
  kota: z
    .string({ error: 'Tempat penandatanganan tidak boleh Kosong' })
    .trim()
    .min(1, 'Tempat penandatanganan tidak boleh Kosong')
    .max(60, 'Tempat penandatanganan maksimal 60 karakter'),
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
