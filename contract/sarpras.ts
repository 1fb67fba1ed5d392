import { z } from 'zod';
import { pageParam } from './paging.ts';
import { JENIS_GALERI, KONDISI } from './master.ts';
import { requiredDate, requiredEnum, requiredId, requiredNumber, requiredText } from './fields.ts';

// School property: rooms (ruangan) with their assets (aset), land (lahan) and gallery (galeri).
// Required fields carry the SPEC §5 messages, in the SPEC's order.

export const PROPERTY_PAGE_SIZE = 10;
export const pageQuery = z.object({ page: pageParam });

/** SPEC §3 Ruangan. `status` is the room's condition (KONDISI), used by the classroom statistic. */
export interface Ruangan {
  id: number;
  npsn: string;
  nama: string;
  jenisruangan: { id: number; nama: string };
  panjang: number;
  lebar: number;
  tinggi: number;
  keterangan: string;
  status: string;
  jumlah_aset: number;
}

/** PUT api/sekolah/ruangan/{npsn} (add) and PUT api/sekolah/ruangan/edit/{id} (update). */
export const ruanganBody = z.object({
  nama: requiredText('nama Ruangan tidak boleh Kosong', 100, 'Nama ruangan'),
  ruangan: requiredId('jenis ruangan tidak boleh Kosong', 'Jenis ruangan'),
  panjang: requiredNumber('panjang tidak boleh Kosong', { label: 'Panjang', min: 0.5, max: 500 }),
  lebar: requiredNumber('lebar tidak boleh Kosong', { label: 'Lebar', min: 0.5, max: 500 }),
  tinggi: requiredNumber('tinggi tidak boleh Kosong', { label: 'Tinggi', min: 1, max: 50 }),
  keterangan: requiredText('keterangan tidak boleh Kosong', 500, 'Keterangan'),
  status: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? 'Baik' : v),
    requiredEnum(KONDISI, 'Kondisi ruangan tidak boleh Kosong', 'Kondisi ruangan'),
  ),
});
export type RuanganBody = z.infer<typeof ruanganBody>;

/** SPEC §3 Aset. */
export interface Aset {
  id: number;
  nama: string;
  asset_id: number;
  masterasset: { id: number; nama: string };
  jumlah: number;
  harga: number;
  kondisi: string;
  ruangan_id: number;
}

/** POST api/aset and PUT api/aset/{id}, in the order of SPEC §5 "Add asset". */
export const asetBody = z.object({
  nama: requiredText('Nama Aset tidak boleh Kosong', 150, 'Nama aset'),
  asset_id: requiredId('Jenis Aset tidak boleh Kosong', 'Jenis aset'),
  kondisi: requiredEnum(KONDISI, 'Kondisi Aset tidak boleh Kosong', 'Kondisi aset'),
  harga: requiredNumber('Harga Aset tidak boleh Kosong', {
    label: 'Harga aset',
    min: 0,
    max: 100_000_000_000,
    int: true,
  }),
  jumlah: requiredNumber('Jumlah tidak boleh Kosong', { label: 'Jumlah', min: 1, max: 100_000, int: true }),
  ruangan_id: requiredId('Ruangan tidak boleh Kosong', 'Ruangan'),
});
export type AsetBody = z.infer<typeof asetBody>;

/** SPEC §3 Lahan. */
export interface Lahan {
  id: number;
  npsn: string;
  nama: string;
  /** Square metres. */
  luas: number;
  tglperolehan: string;
  harga: number;
  kondisi: string;
  keterangan: string;
}

/** POST api/lahan and PUT api/lahan/{id}, in the order of SPEC §5 "Add land". */
export const lahanBody = z.object({
  nama: requiredText('nama lahan tidak boleh Kosong', 150, 'Nama lahan'),
  luas: requiredNumber('luas lahan asal tidak boleh Kosong', { label: 'Luas lahan', min: 1, max: 100_000_000 }),
  // SPEC §5 names the acquisition date 'tanggal lahir' in its message; the text is kept as given.
  tglperolehan: requiredDate('tanggal lahir tidak boleh Kosong', 'Tanggal perolehan', {
    notFuture: true,
    minYear: 1900,
  }),
  harga: requiredNumber('harga lahan tidak boleh Kosong', {
    label: 'Harga lahan',
    min: 0,
    max: 1_000_000_000_000,
    int: true,
  }),
  kondisi: requiredEnum(KONDISI, 'kondisi lahan tidak boleh Kosong', 'Kondisi lahan'),
  keterangan: requiredText('keterangan lahan tidak boleh Kosong', 500, 'Keterangan lahan'),
  npsn: requiredText('NPSN tidak boleh Kosong', 8, 'NPSN'),
});
export type LahanBody = z.infer<typeof lahanBody>;

/** SPEC §3 Galeri. */
export interface Galeri {
  id: number;
  npsn: string;
  nama: string;
  jenis: string;
  desk: string;
  ket: string;
  /** URL of the stored image (at most 300 KB) and of its thumbnail. */
  foto: string;
  thumbnail: string;
}

/** Text fields of POST api/galeri (multipart, with the file `foto`), SPEC §5 order. */
export const galeriFields = z.object({
  nama: requiredText('Nama  tidak boleh Kosong', 150, 'Nama'),
  jenis: requiredEnum(JENIS_GALERI, 'Jenis tidak boleh Kosong', 'Jenis'),
  desk: requiredText('Deskripsi tidak boleh Kosong', 1000, 'Deskripsi'),
  ket: requiredText('Keterangan  tidak boleh Kosong', 500, 'Keterangan'),
  npsn: requiredText('NPSN tidak boleh Kosong', 8, 'NPSN'),
});
export type GaleriFields = z.infer<typeof galeriFields>;
export const GALERI_FOTO_EMPTY = 'Foto tidak boleh Kosong';

export const galeriListQuery = z.object({
  npsn: requiredText('NPSN tidak boleh Kosong', 8, 'NPSN'),
  page: pageParam,
});
