import { z } from 'zod';
import { requiredText } from './fields.ts';
export {
  BENTUK_PENDIDIKAN,
  STATUS_SEKOLAH,
  KONDISI,
  JENIS_GALERI,
  type BentukPendidikan,
  type Kondisi,
} from './master-values.ts';

export interface MasterItem {
  id: number;
  nama: string;
}
export interface FasilitasItem {
  id: number;
  fasilitas: string;
}
export interface WilayahItem {
  kode_wilayah: string;
  nama: string;
  /** 1 province, 2 regency/city, 3 district, 4 village. */
  level: number;
}

/** Body of POST api/ruangan, PUT api/ruangan/{id}, POST api/asset, PUT api/asset/{id}. */
export const masterNamaBody = z.object({
  nama: requiredText('Nama tidak boleh Kosong', 100, 'Nama'),
});

export const wilayahQuery = z.object({
  kode_wilayah: z
    .string()
    .trim()
    .regex(/^\d{2}(\.\d{2}(\.\d{2}(\.\d{4})?)?)?$/, 'kode_wilayah tidak valid (contoh: 82, 82.71, 82.71.01)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
});
