import { z } from 'zod';
import { pageParam } from './paging.ts';
import { controlCharsMessage, hasNoControlChars, isRealDate } from './fields.ts';

// Retirement at the age limit (docs/domain/pensiun.md): the list ahead and the proposal per teacher.

export const STATUS_USUL_PENSIUN = ['disiapkan', 'diusulkan', 'dikembalikan', 'ditetapkan'] as const;
export type StatusUsulPensiun = (typeof STATUS_USUL_PENSIUN)[number];
export const LABEL_USUL_PENSIUN: Record<StatusUsulPensiun, string> = {
  disiapkan: 'Disiapkan',
  diusulkan: 'Diusulkan',
  dikembalikan: 'Dikembalikan',
  ditetapkan: 'Ditetapkan',
};
/** Which state may follow which (none = no proposal yet). */
export const LANGKAH_USUL_PENSIUN: Record<StatusUsulPensiun | 'none', readonly StatusUsulPensiun[]> = {
  none: ['disiapkan', 'diusulkan'],
  disiapkan: ['diusulkan'],
  diusulkan: ['dikembalikan', 'ditetapkan'],
  dikembalikan: ['disiapkan', 'diusulkan'],
  ditetapkan: [],
};

/** How the service ends at the age limit (server/domain/pensiun.ts akhirMasaKerja). */
export type AkhirMasaKerjaKode = 'pensiun' | 'akhir_perjanjian' | 'cpns';
export const LABEL_AKHIR: Record<AkhirMasaKerjaKode, string> = {
  pensiun: 'Pensiun BUP',
  akhir_perjanjian: 'Perjanjian kerja PPPK berakhir',
  cpns: 'CPNS',
};

export const PENSIUN_BULAN_MAX = 60;

/** GET api/pensiun?bulan&page&cari. */
export const pensiunListQuery = z.object({
  bulan: z.coerce
    .number({ error: 'Parameter bulan harus berupa angka' })
    .int('Parameter bulan harus berupa bilangan bulat')
    .min(1, 'Parameter bulan minimal 1')
    .max(PENSIUN_BULAN_MAX, `Parameter bulan maksimal ${PENSIUN_BULAN_MAX}`)
    .default(15),
  page: pageParam,
  cari: z.string().trim().max(100, 'Kata kunci pencarian terlalu panjang').default(''),
});

export interface UsulPensiun {
  status: StatusUsulPensiun;
  alasan: string | null;
  nomor_surat: string | null;
  tanggal_surat: string | null;
  sk_nomor: string | null;
  sk_tanggal: string | null;
  sk_tmt: string | null;
  versi: number;
  updated_at: string;
}

export interface PensiunItem {
  id: number;
  nama: string;
  nip: string | null;
  status_guru: string | null;
  sekolah: { nama_sekolah: string | null; npsn: string | null };
  tgl_lahir: string;
  tgl_bup: string;
  tmt_pensiun: string;
  /** Calendar months from this month to the TMT's month. */
  bulan_lagi: number;
  akhir: AkhirMasaKerjaKode;
  golongan: string | null;
  mkg_tahun: number | null;
  mkg_bulan: number | null;
  gaji_pokok: number | null;
  /** What the proposal still lacks, in the office's words (empty: ready). */
  kekurangan: string[];
  usul: UsulPensiun | null;
  /** A pension decision is recorded (the SK entered here, or the status pensiun set by hand). */
  selesai: boolean;
}

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} tidak boleh Kosong` })
    .trim()
    .min(1, `${label} tidak boleh Kosong`)
    .max(max, `${label} maksimal ${max} karakter`)
    .refine(hasNoControlChars, controlCharsMessage(label));
const tanggal = (label: string) => z.string({ error: `${label} tidak boleh Kosong` }).trim().min(1, `${label} tidak boleh Kosong`).refine(isRealDate, `${label} harus tanggal yang valid (YYYY-MM-DD)`);

/**
 * PUT api/pensiun/{guruId}/usul: the next state of the teacher's proposal. `versi` is the version
 * the caller saw (null: there was none); a proposal changed meanwhile answers 409.
 */
export const usulPensiunBody = z.discriminatedUnion('status', [
  z.object({ status: z.literal('disiapkan'), versi: z.number().int().positive().nullable() }),
  z.object({ status: z.literal('diusulkan'), versi: z.number().int().positive().nullable(), nomor_surat: text('Nomor Surat Pengantar', 100), tanggal_surat: tanggal('Tanggal Surat Pengantar') }),
  z.object({ status: z.literal('dikembalikan'), versi: z.number().int().positive(), alasan: text('Alasan', 500).refine((v) => v.length >= 5, 'Alasan minimal 5 karakter') }),
  z.object({
    status: z.literal('ditetapkan'),
    versi: z.number().int().positive(),
    sk_nomor: text('Nomor SK Pensiun', 100),
    sk_tanggal: tanggal('Tanggal SK Pensiun'),
    sk_tmt: tanggal('TMT Pensiun').refine((v) => v.endsWith('-01'), 'TMT Pensiun harus tanggal 1 (awal bulan)'),
  }),
], { error: 'Status harus disiapkan, diusulkan, dikembalikan atau ditetapkan' });
export type UsulPensiunBody = z.infer<typeof usulPensiunBody>;

export const PENSIUN_MSG = {
  saved: (label: string) => `Usul pensiun: ${label}`,
  changed: 'Usul pensiun ini baru saja diubah orang lain; muat ulang lalu ulangi',
  step: (dari: string, ke: string) => `Usul pensiun berstatus ${dari} tidak dapat menjadi ${ke}`,
  notRetiring: 'Guru ini tidak berhak usul pensiun BUP (bukan PNS)',
  pppk: 'Guru PPPK tidak diusulkan pensiun: perjanjian kerjanya berakhir',
} as const;
