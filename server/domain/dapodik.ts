// Dapodik's "Daftar Guru dan Tenaga Kependidikan" export read as the teacher import's rows
// (docs/domain/dapodik.md): which column is which, and Dapodik's words for values turned into
// Sidasek's (contract/master-guru.ts, the jabatan master list). Pure functions; the reader
// (server/modules/impor/impor.service.ts) gives them cell values.
import { GOLONGAN_PPPK } from '#contract/asn.ts';
import type { ImporKey } from '#contract/impor.ts';

/** A header as compared: lower case, dots, slashes, dashes and underscores as spaces, spaces collapsed. */
export const normHeader = (h: string): string =>
  h
    .toLowerCase()
    .replace(/[./_\-()]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The roles a Dapodik column plays: a template column, or a Dapodik value the reader turns into one. */
export type DapodikRole = ImporKey | 'jenis_ptk' | 'tugas_tambahan';

/**
 * The Dapodik columns Sidasek reads, with the header spellings seen in exports (normalised by
 * `normHeader`). Every other column (Agama, Alamat Jalan, RT, RW, …, SK CPNS, TMT PNS, Lintang,
 * Bujur) is ignored; docs/domain/dapodik.md lists them and why.
 */
export const DAPODIK_COLUMNS: { role: DapodikRole; headers: string[]; label: string }[] = [
  { role: 'nama', headers: ['nama', 'nama ptk', 'nama lengkap'], label: 'Nama' },
  { role: 'nuptk', headers: ['nuptk'], label: 'NUPTK' },
  { role: 'jenis_kelamin', headers: ['jk', 'jenis kelamin', 'l p'], label: 'JK' },
  { role: 'tempat_lahir', headers: ['tempat lahir'], label: 'Tempat Lahir' },
  { role: 'tgl_lahir', headers: ['tanggal lahir', 'tgl lahir'], label: 'Tanggal Lahir' },
  { role: 'nip', headers: ['nip', 'nip baru'], label: 'NIP' },
  { role: 'status_guru', headers: ['status kepegawaian'], label: 'Status Kepegawaian' },
  { role: 'jenis_ptk', headers: ['jenis ptk'], label: 'Jenis PTK' },
  { role: 'tugas_tambahan', headers: ['tugas tambahan'], label: 'Tugas Tambahan' },
  { role: 'golongan', headers: ['pangkat golongan', 'pangkat gol', 'golongan'], label: 'Pangkat Golongan' },
  { role: 'no_hp', headers: ['hp', 'no hp', 'nomor hp'], label: 'HP' },
  { role: 'email', headers: ['email', 'e mail'], label: 'Email' },
  { role: 'nik', headers: ['nik'], label: 'NIK' },
  { role: 'npsn', headers: ['npsn'], label: 'NPSN' },
  { role: 'gelar_depan', headers: ['gelar depan'], label: 'Gelar Depan' },
  { role: 'gelar_belakang', headers: ['gelar belakang'], label: 'Gelar Belakang' },
];

/** Columns without which a Dapodik row cannot become a teacher. */
export const DAPODIK_REQUIRED: DapodikRole[] = ['nama', 'jenis_kelamin', 'tgl_lahir', 'status_guru', 'jenis_ptk'];

const BY_HEADER = new Map(DAPODIK_COLUMNS.flatMap((c) => c.headers.map((h) => [h, c.role] as const)));
export const dapodikRoleOf = (header: string): DapodikRole | undefined => BY_HEADER.get(normHeader(header));
export const dapodikLabel = (role: DapodikRole): string => DAPODIK_COLUMNS.find((c) => c.role === role)!.label;

/** A row is Dapodik's header when it names the person, their type and an identifying number. */
export function isDapodikHeader(cells: string[]): boolean {
  const roles = new Set(cells.map(dapodikRoleOf).filter(Boolean));
  return (
    roles.has('nama') &&
    (roles.has('jenis_ptk') || roles.has('status_guru')) &&
    (roles.has('nip') || roles.has('nuptk') || roles.has('nik'))
  );
}

/** JK: Dapodik writes L and P. */
export function jenisKelaminDapodik(v: string): string | null {
  const k = v.trim().toUpperCase();
  if (k === 'L' || k === 'LAKI-LAKI') return 'Laki-laki';
  if (k === 'P' || k === 'PEREMPUAN') return 'Perempuan';
  return null;
}

/**
 * Status Kepegawaian (Dapodik's ref.status_kepegawaian) → Sidasek's employment status
 * (contract/master-guru.ts JENIS_GURU). Null: a status Sidasek has no place for (PPPK Paruh
 * Waktu, Guru Bantu Pusat, Kontrak Kerja WNA, Lainnya): the row is refused with its name.
 */
const STATUS: Record<string, string> = {
  pns: 'PNS',
  'pns diperbantukan': 'PNS',
  'pns depag': 'PNS',
  cpns: 'CPNS',
  pppk: 'PPPK',
  'gty pty': 'GTY',
  gty: 'GTY',
  'gtt ptt provinsi': 'GTT',
  'gtt ptt kab kota': 'GTT',
  'gtt ptt kota kabupaten': 'GTT',
  gtt: 'GTT',
  'guru honor sekolah': 'Honor Sekolah',
  'tenaga honor sekolah': 'Honor Sekolah',
  'honor sekolah': 'Honor Sekolah',
  'honor daerah tk i provinsi': 'Honor Daerah',
  'honor daerah tk ii kab kota': 'Honor Daerah',
  'honor daerah': 'Honor Daerah',
};
export const statusDapodik = (v: string): string | null => STATUS[normHeader(v)] ?? null;

/**
 * Jenis PTK (Dapodik's ref.jenis_ptk) → the jabatan master list. Teachers are the "Guru …" kinds
 * and the head of school; everyone else (Tenaga Administrasi Sekolah, Tenaga Perpustakaan,
 * Laboran, Penjaga Sekolah, …) is education staff (tenaga kependidikan), not a teacher.
 */
const JABATAN: Record<string, string> = {
  'guru kelas': 'Guru Kelas',
  'guru mapel': 'Guru Mata Pelajaran',
  'guru mata pelajaran': 'Guru Mata Pelajaran',
  'guru tik': 'Guru Mata Pelajaran',
  'guru bk': 'Guru Bimbingan dan Konseling',
  'guru bimbingan dan konseling': 'Guru Bimbingan dan Konseling',
  'guru pendamping': 'Guru Pendamping Khusus',
  'guru pendamping khusus': 'Guru Pendamping Khusus',
  'guru inklusi': 'Guru Pendamping Khusus',
  'kepala sekolah': 'Kepala Sekolah',
};
/** Educators who are not "Guru …" by name (nonformal and vocational): teachers, not staff; the jabatan list then says whether Sidasek has them. */
const PENDIDIK = ['kepala sekolah', 'instruktur', 'tutor', 'pamong belajar'];
export const isGuruPtk = (jenisPtk: string): boolean =>
  /^guru\b/.test(normHeader(jenisPtk)) || PENDIDIK.includes(normHeader(jenisPtk));
/** Dapodik's "not filled in": no Jenis PTK at all. */
export const isPtkKosong = (jenisPtk: string): boolean => ['', '-', 'tidak diisi'].includes(normHeader(jenisPtk));
/** The jabatan of a teacher's Jenis PTK; a head of school or deputy by Tugas Tambahan first. Unknown kinds pass as written (the master list then names them). */
export function jabatanDapodik(jenisPtk: string, tugasTambahan: string): string {
  const tugas = normHeader(tugasTambahan);
  if (tugas === 'kepala sekolah') return 'Kepala Sekolah';
  if (tugas.startsWith('wakil kepala sekolah') || tugas.startsWith('wakasek')) return 'Wakil Kepala Sekolah';
  return JABATAN[normHeader(jenisPtk)] ?? jenisPtk.trim();
}

/**
 * Pangkat Golongan: Dapodik writes the golongan ruang, alone or with the pangkat ("III/b",
 * "Penata Muda Tk. I, III/b", "III/b - Penata Muda Tk.I"); PPPK a golongan I–XVII ("IX",
 * "Golongan IX"). "-" or empty: none.
 */
export function golonganDapodik(v: string): string {
  const t = v.trim();
  if (!t || t === '-') return '';
  const ruang = /\b(IV|III|II|I)\s*\/\s*([a-e])\b/i.exec(t);
  if (ruang) return `${ruang[1]!.toUpperCase()}/${ruang[2]!.toLowerCase()}`;
  const pppk = /^(?:gol(?:ongan)?\.?\s*)?([IVX]+)$/i.exec(t);
  if (pppk && (GOLONGAN_PPPK as readonly string[]).includes(pppk[1]!.toUpperCase())) return pppk[1]!.toUpperCase();
  return t;
}

/** Excel's day number (1900 date system) as YYYY-MM-DD. */
export function excelSerialDate(n: number): string | null {
  if (!Number.isFinite(n) || n < 1 || n > 2_958_465) return null;
  return new Date(Math.round((n - 25569) * 86_400_000)).toISOString().slice(0, 10);
}

/** A date as Dapodik or Excel text writes it (YYYY-MM-DD, DD-MM-YYYY, DD/MM/YYYY) as YYYY-MM-DD; other text unchanged. */
export function dateText(v: string): string {
  const t = v.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(t)) return t;
  const iso = /^(\d{4})-(\d{2})-(\d{2})[ T]/.exec(t);
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  const dmy = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(t);
  if (dmy) return `${dmy[3]}-${dmy[2]!.padStart(2, '0')}-${dmy[1]!.padStart(2, '0')}`;
  return t;
}

/** A number Excel wrote in scientific notation ("1.98609E+17", "1,98609E+17"). */
export const isScientific = (v: string): boolean => /^\d+(?:[.,]\d+)?E\+?\d+$/i.test(v.trim());
