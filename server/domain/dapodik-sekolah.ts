// The Dapodik school list ("Data Pokok Sekolah") read as Sidasek's schools (docs/domain/dapodik.md
// "Sekolah"): which column is which, Dapodik's words for level and status, the coordinates, and the
// region names as Dapodik writes them. Pure functions; the reader is server/modules/impor/sekolah-impor.ts.
import { normHeader } from './dapodik.ts';

export type SekolahRole =
  | 'npsn'
  | 'nama'
  | 'bentuk'
  | 'status'
  | 'alamat'
  | 'desa'
  | 'kecamatan'
  | 'kabupaten'
  | 'provinsi'
  | 'lintang'
  | 'bujur';

/** The columns read, with the header spellings seen in Dapodik's and Data Pokok Sekolah's lists (normalised by `normHeader`). */
export const SEKOLAH_COLUMNS: { role: SekolahRole; headers: string[]; label: string }[] = [
  { role: 'npsn', headers: ['npsn'], label: 'NPSN' },
  { role: 'nama', headers: ['nama sekolah', 'nama satuan pendidikan', 'nama'], label: 'Nama Sekolah' },
  {
    role: 'bentuk',
    headers: ['bentuk pendidikan', 'jenjang', 'jenjang pendidikan', 'bentuk'],
    label: 'Bentuk Pendidikan',
  },
  { role: 'status', headers: ['status', 'status sekolah', 'status satuan pendidikan'], label: 'Status' },
  { role: 'alamat', headers: ['alamat', 'alamat jalan', 'alamat sekolah', 'jalan'], label: 'Alamat' },
  {
    role: 'desa',
    headers: ['desa kelurahan', 'desa', 'kelurahan', 'desa kel', 'kelurahan desa'],
    label: 'Desa/Kelurahan',
  },
  { role: 'kecamatan', headers: ['kecamatan', 'kec', 'kecamatan kota ln'], label: 'Kecamatan' },
  {
    role: 'kabupaten',
    headers: ['kabupaten kota', 'kab kota', 'kabupaten', 'kota kabupaten', 'kab kota negara ln'],
    label: 'Kabupaten/Kota',
  },
  { role: 'provinsi', headers: ['provinsi', 'propinsi', 'propinsi luar negeri ln'], label: 'Provinsi' },
  { role: 'lintang', headers: ['lintang', 'latitude', 'lat'], label: 'Lintang' },
  { role: 'bujur', headers: ['bujur', 'longitude', 'long', 'lng'], label: 'Bujur' },
];
/** Columns without which a row cannot become a school. */
export const SEKOLAH_REQUIRED: SekolahRole[] = ['npsn', 'nama', 'bentuk', 'status'];

const BY_HEADER = new Map(SEKOLAH_COLUMNS.flatMap((c) => c.headers.map((h) => [h, c.role] as const)));
export const sekolahRoleOf = (header: string): SekolahRole | undefined => BY_HEADER.get(normHeader(header));
export const sekolahLabel = (role: SekolahRole): string => SEKOLAH_COLUMNS.find((c) => c.role === role)!.label;

/** A row is the list's header when it names the NPSN, the school's name and its level or status. */
export function isSekolahHeader(cells: string[]): boolean {
  const roles = new Set(cells.map(sekolahRoleOf).filter(Boolean));
  return roles.has('npsn') && roles.has('nama') && (roles.has('bentuk') || roles.has('status'));
}

/**
 * Bentuk Pendidikan (Dapodik's ref.bentuk_pendidikan) → Sidasek's level (contract/master-values.ts).
 * The special schools of every level (SDLB, SMPLB, SMALB, TKLB) are SLB. Null: a form Sidasek has
 * no place for (KB, TPA, SPS, PKBM, SKB, madrasah): the row is refused with its name.
 */
const BENTUK: Record<string, string> = {
  tk: 'TK',
  sd: 'SD',
  smp: 'SMP',
  sma: 'SMA',
  smk: 'SMK',
  slb: 'SLB',
  tklb: 'SLB',
  sdlb: 'SLB',
  smplb: 'SLB',
  smalb: 'SLB',
};
export const bentukDapodik = (v: string): string | null => BENTUK[normHeader(v).replace(/\s/g, '')] ?? null;

/** Status: Dapodik writes NEGERI / SWASTA (any case). */
export function statusSekolahDapodik(v: string): string | null {
  const s = normHeader(v);
  if (s === 'negeri' || s === 'n') return 'Negeri';
  if (s === 'swasta' || s === 's') return 'Swasta';
  return null;
}

/** Indonesia's bounds for the coordinates, as the identity form checks them (contract/sekolah-fields.ts). */
export const LINTANG = { min: -11, max: 6 } as const;
export const BUJUR = { min: 94, max: 142 } as const;

export type Koordinat = { lat: number | null; long: number | null } | { masalah: string };

/**
 * Lintang and Bujur as decimal degrees, a dot or a comma as decimal separator. Both empty, or both
 * 0 (Dapodik's "not filled in"): no coordinates. One without the other, text, outside Indonesia, or
 * the two swapped: a problem.
 */
export function koordinatDapodik(lintang: string, bujur: string): Koordinat {
  const t = (v: string) => v.trim().replace(',', '.');
  const a = t(lintang);
  const b = t(bujur);
  if ((!a || a === '-') && (!b || b === '-')) return { lat: null, long: null };
  if (!a || !b || a === '-' || b === '-') return { masalah: 'Lintang dan Bujur harus diisi keduanya' };
  if (!/^-?\d+(\.\d+)?$/.test(a) || !/^-?\d+(\.\d+)?$/.test(b))
    return { masalah: 'Lintang dan Bujur harus angka desimal (mis. 0.7893 dan 127.3754)' };
  const lat = Number(a);
  const long = Number(b);
  if (lat === 0 && long === 0) return { lat: null, long: null };
  const inLat = (x: number) => x >= LINTANG.min && x <= LINTANG.max;
  const inLong = (x: number) => x >= BUJUR.min && x <= BUJUR.max;
  if (!inLat(lat) && !inLong(long) && inLat(long) && inLong(lat)) return { masalah: 'Lintang dan Bujur tertukar' };
  if (!inLat(lat)) return { masalah: `Lintang harus antara ${LINTANG.min} dan ${LINTANG.max}` };
  if (!inLong(long)) return { masalah: `Bujur harus antara ${BUJUR.min} dan ${BUJUR.max}` };
  return { lat, long };
}

/**
 * A region's name as compared with the Kemendagri table (idn-area-data): lower case, Dapodik's
 * abbreviations written out ("Kab. Sleman" → "kabupaten sleman"), the level's word in front of a
 * district or village dropped ("Kec. Ternate Selatan", "Desa Kastela", "Kel. Jambula").
 */
export function namaWilayah(v: string, level: 'kabupaten' | 'kecamatan' | 'desa' | 'provinsi'): string {
  let s = v.toLowerCase().replace(/\s+/g, ' ').trim();
  if (level === 'kabupaten') s = s.replace(/^kab\.?\s*/, 'kabupaten ').replace(/^kota\.?\s+/, 'kota ');
  if (level === 'kecamatan') s = s.replace(/^(kecamatan|kec\.?)\s*/, '');
  if (level === 'desa') s = s.replace(/^(desa|kelurahan|kel\.|ds\.)\s*/, '');
  if (level === 'provinsi') s = s.replace(/^(provinsi|propinsi|prov\.)\s*/, '');
  return s.replace(/\s+/g, ' ').trim();
}
