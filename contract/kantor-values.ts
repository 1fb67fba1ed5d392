/**
 * The office profile: who issues the letters. One installation serves one office
 * (docs/domain/data-guru.md "Which office manages which schools"): a regency/city office (TK, SD, SMP) or a
 * provincial office (SMA, SMK, SLB). Its letterhead, the authority letters are issued on behalf of
 * (a.n.) and its time zone come from here. Without zod: the screens import it.
 */
export type TingkatKantor = 'kabupaten_kota' | 'provinsi';

export const TINGKAT_LABEL: Record<TingkatKantor, string> = {
  kabupaten_kota: 'Kabupaten/Kota (PAUD/TK, SD, SMP)',
  provinsi: 'Provinsi (SMA, SMK, SLB)',
};

/**
 * The school levels each office level manages (UU 23/2014, Lampiran I.A): a regency or city PAUD/TK,
 * SD and SMP; a province SMA, SMK and special schools (SLB).
 */
export const JENJANG_KANTOR: Record<TingkatKantor, string[]> = {
  kabupaten_kota: ['TK', 'SD', 'SMP'],
  provinsi: ['SMA', 'SMK', 'SLB'],
};

/** The office's time zones (the three of Indonesia). */
export const ZONA_WAKTU: { value: string; label: string }[] = [
  { value: 'Asia/Jakarta', label: 'WIB (Asia/Jakarta)' },
  { value: 'Asia/Makassar', label: 'WITA (Asia/Makassar)' },
  { value: 'Asia/Jayapura', label: 'WIT (Asia/Jayapura)' },
];

export interface ProfilKantor {
  tingkat: TingkatKantor;
  /** "Kota Ternate", "Kabupaten Halmahera Barat", "Provinsi Maluku Utara". */
  wilayah: string;
  nama_instansi: string;
  alamat: string;
  /** Where letters are dated ("Ternate, 21 November 2026"). */
  kota: string;
  telepon: string | null;
  email: string | null;
  laman: string | null;
  /** The authority letters are signed on behalf of: "a.n. Wali Kota Ternate". */
  kepala_daerah: string;
  zona_waktu: string;
  /** Whether a logo was uploaded (GET api/pengaturan/kantor/logo). */
  ada_logo: boolean;
}

/** The authority of a region by its level and name: Gubernur, Bupati or Wali Kota. */
export function kepalaDaerahOf(tingkat: TingkatKantor, wilayah: string): string {
  const name = wilayah.replace(/^(Provinsi|Kabupaten|Kota)\s+/i, '').trim();
  if (tingkat === 'provinsi') return `Gubernur ${name}`;
  return /^kabupaten\s/i.test(wilayah) ? `Bupati ${name}` : `Wali Kota ${name}`;
}

export const KANTOR_MSG = {
  saved: 'Profil kantor disimpan',
  logoSaved: 'Logo kantor disimpan',
  logoDeleted: 'Logo kantor dihapus',
  noLogo: 'Belum ada logo kantor',
  logoEmpty: 'Logo tidak boleh Kosong',
} as const;
