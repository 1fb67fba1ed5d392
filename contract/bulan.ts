// Indonesian month names, January first: the statistics' labels, dates in words on letters and the web's date formats.
// A module of its own with nothing imported, so the first chunk of the web pays only for the names.

/** Full names. */
export const NAMA_BULAN = [
  'Januari',
  'Februari',
  'Maret',
  'April',
  'Mei',
  'Juni',
  'Juli',
  'Agustus',
  'September',
  'Oktober',
  'November',
  'Desember',
] as const;
/** Short names, as the statistics' day labels print them ('8 Agu'). */
export const NAMA_BULAN_PENDEK = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'Mei',
  'Jun',
  'Jul',
  'Agu',
  'Sep',
  'Okt',
  'Nov',
  'Des',
] as const;
