// What the export tests expect (server/modules/ekspor/ekspor.test.ts through HTTP,
// e2e/ekspor.spec.ts through the browser's download): one list for both.

/** The teacher export's header row, in order. */
export const GURU_EXPORT_HEADERS = [
  'No',
  'NIP',
  'Nama',
  'JK',
  'Tempat Lahir',
  'Tanggal Lahir',
  'Sekolah',
  'NPSN',
  'Jenis Guru',
  'Golongan',
  'Pangkat',
  'Jabatan',
  'Pendidikan Terakhir',
  'Verifikasi',
];
