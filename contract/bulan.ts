// Indonesian month names, January first: the statistics' labels and dates in words on letters.
// A module of its own with nothing imported. The web keeps its own list (web/lib/format.ts): read
// from here it became a chunk of its own and put two routes over their JavaScript budget.

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
