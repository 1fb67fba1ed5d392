// NIP (Perka BKN 22/2007): birth date YYYYMMDD + first appointment YYYYMM + sex (1 male, 2 female)
// + 3-digit sequence, 18 digits. NIK (PP 37/2007): 16 digits, birth day + 40 for women.

export const NIP_PATTERN = /^\d{18}$/;
export const JENIS_KELAMIN = ['Laki-laki', 'Perempuan'] as const;
export type JenisKelamin = (typeof JENIS_KELAMIN)[number];

/** The first problem with a NIP for this birth date and sex, or null when it is consistent. */
export function nipProblem(
  nip: string,
  tglLahir: string | null | undefined,
  jenisKelamin: string | null | undefined,
): string | null {
  if (!NIP_PATTERN.test(nip)) return 'NIP harus 18 digit angka';
  const birth = nip.slice(0, 8);
  const cpnsYear = Number(nip.slice(8, 12));
  const cpnsMonth = Number(nip.slice(12, 14));
  const sex = nip[14];
  if (tglLahir && birth !== tglLahir.replaceAll('-', '')) {
    return `NIP tidak sesuai dengan tanggal lahir (8 digit pertama harus ${tglLahir.replaceAll('-', '')})`;
  }
  if (cpnsMonth < 1 || cpnsMonth > 12 || cpnsYear < Number(birth.slice(0, 4)) + 17) {
    return 'NIP memuat tahun/bulan pengangkatan CPNS yang tidak valid (digit 9-14)';
  }
  if (sex !== '1' && sex !== '2') return 'Digit ke-15 NIP harus 1 (laki-laki) atau 2 (perempuan)';
  if (jenisKelamin && (sex === '1') !== (jenisKelamin === 'Laki-laki')) {
    return `NIP tidak sesuai dengan jenis kelamin (digit ke-15 harus ${jenisKelamin === 'Laki-laki' ? '1' : '2'} untuk ${jenisKelamin.toLowerCase()})`;
  }
  return null;
}

/** First appointment (TMT CPNS) month read from a NIP, as YYYY-MM-01; null when it is no month. */
export function tmtCpnsFromNip(nip: string): string | null {
  if (!NIP_PATTERN.test(nip)) return null;
  const year = nip.slice(8, 12);
  const month = nip.slice(12, 14);
  if (year === '0000' || month < '01' || month > '12') return null;
  return `${year}-${month}-01`;
}

/** The first problem with a NIK, or null. The embedded birth date must be a possible date. */
export function nikProblem(nik: string): string | null {
  if (!/^\d{16}$/.test(nik)) return 'NIK harus 16 digit angka';
  let day = Number(nik.slice(6, 8));
  if (day > 40) day -= 40;
  const month = Number(nik.slice(8, 10));
  if (day < 1 || day > 31 || month < 1 || month > 12) return 'NIK memuat tanggal lahir yang tidak valid (digit 7-12)';
  return null;
}
