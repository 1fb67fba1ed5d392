// Civil-servant teachers (ASN): PNS, CPNS and PPPK (docs/domain/data-guru.md). One definition of who
// takes part in KGB, which golongan each may hold and what their 18-digit number carries, used by
// the teacher form, the API, the import and the KGB rules alike.
import { GOLONGAN_PANGKAT } from './master-guru.ts';
import { nipProblem } from './nip.ts';

export const STATUS_PNS = 'PNS';
export const STATUS_CPNS = 'CPNS';
export const STATUS_PPPK = 'PPPK';

/** Teachers in the civil service: they have a golongan, a KGB every two years and a BUP. */
export const JENIS_ASN: readonly string[] = [STATUS_PNS, STATUS_CPNS, STATUS_PPPK];

/**
 * PPPK golongan (Perpres 98/2020 as amended by Perpres 11/2024, Lampiran): I to XVII, written in
 * Roman numerals without a pangkat, so they never collide with the PNS golongan ruang (I/a ... IV/e).
 */
export const GOLONGAN_PPPK = [
  'I',
  'II',
  'III',
  'IV',
  'V',
  'VI',
  'VII',
  'VIII',
  'IX',
  'X',
  'XI',
  'XII',
  'XIII',
  'XIV',
  'XV',
  'XVI',
  'XVII',
] as const;
export const GOLONGAN_PNS = GOLONGAN_PANGKAT.map(([gol]) => gol);

export const isAsn = (status: string | null | undefined): boolean => !!status && JENIS_ASN.includes(status);

/** Which salary scale a teacher is on: the PNS table (PNS and CPNS), the PPPK table, or none. */
export function skalaGaji(status: string | null | undefined): 'pns' | 'pppk' | null {
  if (status === STATUS_PNS || status === STATUS_CPNS) return 'pns';
  if (status === STATUS_PPPK) return 'pppk';
  return null;
}

/** The golongan a teacher of this status may hold (empty for teachers outside the civil service). */
export function golonganFor(status: string | null | undefined): readonly string[] {
  const skala = skalaGaji(status);
  return skala === 'pns' ? GOLONGAN_PNS : skala === 'pppk' ? GOLONGAN_PPPK : [];
}

/** The number's label on forms and letters: NIP for PNS and CPNS, NI PPPK for PPPK. */
export const labelNomorInduk = (status: string | null | undefined): string =>
  status === STATUS_PPPK ? 'NI PPPK' : 'NIP';

/** What the number carries, as a hint under the field. */
export const NOMOR_INDUK_HINT = (status: string | null | undefined): string =>
  status === STATUS_PPPK
    ? '18 digit: tanggal lahir, tahun pengangkatan, kode, jenis kelamin, nomor urut'
    : isAsn(status)
      ? '18 digit: tanggal lahir, TMT CPNS, jenis kelamin, nomor urut'
      : 'Tidak wajib untuk guru non-ASN';

/**
 * NI PPPK (Nomor Induk PPPK, 18 digits), as BKN assigns it: birth date YYYYMMDD, the year of
 * appointment, a two-digit code of the appointment (not a month), the sex digit (1 male, 2 female)
 * and a three-digit sequence; e.g. 199001012022211001 (docs/research/tabel-gaji.md, section 4).
 * PPPK exist since PP 49/2018: no appointment before 2019.
 */
export function niPppkProblem(
  ni: string,
  tglLahir: string | null | undefined,
  jenisKelamin: string | null | undefined,
): string | null {
  if (!/^\d{18}$/.test(ni)) return 'NI PPPK harus 18 digit angka';
  const birth = ni.slice(0, 8);
  if (tglLahir && birth !== tglLahir.replaceAll('-', ''))
    return `NI PPPK tidak sesuai dengan tanggal lahir (8 digit pertama harus ${tglLahir.replaceAll('-', '')})`;
  const year = Number(ni.slice(8, 12));
  if (year < 2019 || year < Number(birth.slice(0, 4)) + 17)
    return 'NI PPPK memuat tahun pengangkatan yang tidak valid (digit 9-12; PPPK diangkat sejak 2019)';
  const sex = ni[14];
  if (sex !== '1' && sex !== '2') return 'Digit ke-15 NI PPPK harus 1 (laki-laki) atau 2 (perempuan)';
  if (jenisKelamin && (sex === '1') !== (jenisKelamin === 'Laki-laki')) {
    return `NI PPPK tidak sesuai dengan jenis kelamin (digit ke-15 harus ${jenisKelamin === 'Laki-laki' ? '1' : '2'} untuk ${jenisKelamin.toLowerCase()})`;
  }
  return null;
}

export const ASN_MSG = {
  nipEmpty: 'nip tidak boleh Kosong',
  niPppkEmpty: 'NI PPPK tidak boleh Kosong',
  golonganEmpty: 'golongan tidak boleh Kosong',
  golonganNotAsn: 'Golongan hanya untuk guru PNS, CPNS dan PPPK',
  golonganPns: 'Golongan PNS dan CPNS ditulis I/a sampai IV/e',
  golonganPppk: 'Golongan PPPK ditulis dengan angka Romawi I sampai XVII',
} as const;

/**
 * The first problem of the number (`nip`) and of the golongan of a teacher with this status:
 * PNS and CPNS need a NIP and a golongan ruang, PPPK an NI PPPK and a golongan I-XVII; other
 * teachers may have a NIP (checked as one) but no golongan. The SPEC texts for PNS stay.
 */
export function asnProblems(v: {
  status_guru: string | null | undefined;
  nip: string | null | undefined;
  golongan: string | null | undefined;
  tgl_lahir?: string | null;
  jenis_kelamin?: string | null;
}): { nip?: string; golongan?: string } {
  const out: { nip?: string; golongan?: string } = {};
  const status = v.status_guru?.trim() || STATUS_PNS;
  const nip = v.nip?.trim() || null;
  if (nip) {
    const problem =
      status === STATUS_PPPK
        ? niPppkProblem(nip, v.tgl_lahir, v.jenis_kelamin)
        : nipProblem(nip, v.tgl_lahir, v.jenis_kelamin);
    if (problem) out.nip = problem;
  } else if (isAsn(status)) out.nip = status === STATUS_PPPK ? ASN_MSG.niPppkEmpty : ASN_MSG.nipEmpty;
  const golonganSalah = golonganProblem(status, v.golongan);
  if (golonganSalah) out.golongan = golonganSalah;
  return out;
}

/** The problem of a golongan for a teacher of this status (required for PNS, CPNS and PPPK), or null. */
export function golonganProblem(status: string | null | undefined, golongan: string | null | undefined): string | null {
  const allowed = golonganFor(status?.trim() || STATUS_PNS);
  const value = golongan?.trim();
  if (!value) return allowed.length ? ASN_MSG.golonganEmpty : null;
  if (!allowed.length) return ASN_MSG.golonganNotAsn;
  return allowed.includes(value) ? null : status === STATUS_PPPK ? ASN_MSG.golonganPppk : ASN_MSG.golonganPns;
}
