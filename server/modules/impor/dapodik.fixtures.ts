import ExcelJS from 'exceljs';

// The Dapodik "Daftar Guru dan Tenaga Kependidikan" export as an operator downloads it
// (docs/domain/dapodik.md), for the import tests: title rows, Dapodik's header and words for values.

/** Dapodik's GTK columns, in the export's order. */
export const HEADER = [
  'No',
  'Nama',
  'NUPTK',
  'JK',
  'Tempat Lahir',
  'Tanggal Lahir',
  'NIP',
  'Status Kepegawaian',
  'Jenis PTK',
  'Agama',
  'Alamat Jalan',
  'RT',
  'RW',
  'Nama Dusun',
  'Desa/Kelurahan',
  'Kecamatan',
  'Kode Pos',
  'Telepon',
  'HP',
  'Email',
  'Tugas Tambahan',
  'SK CPNS',
  'Tanggal CPNS',
  'SK Pengangkatan',
  'TMT Pengangkatan',
  'Lembaga Pengangkatan',
  'Pangkat Golongan',
  'Sumber Gaji',
  'Nama Ibu Kandung',
  'Status Perkawinan',
  'Nama Suami/Istri',
  'NIP Suami/Istri',
  'Pekerjaan Suami/Istri',
  'TMT PNS',
  'Sudah Lisensi Kepala Sekolah',
  'Pernah Diklat Kepengawasan',
  'Keahlian Braille',
  'Keahlian Bahasa Isyarat',
  'NPWP',
  'Nama Wajib Pajak',
  'Kewarganegaraan',
  'Bank',
  'Nomor Rekening Bank',
  'Rekening Atas Nama',
  'NIK',
  'No KK',
  'Karpeg',
  'Karis/Karsu',
  'Lintang',
  'Bujur',
  'NUKS',
];
export type Cell = string | number | Date;
export type Person = Record<string, Cell>;

export const PNS: Person = {
  Nama: 'Abdullah Umar',
  NUPTK: '1234567890123456',
  JK: 'L',
  'Tempat Lahir': 'Ternate',
  'Tanggal Lahir': new Date(Date.UTC(1986, 8, 26)),
  NIP: '198609262015051001',
  'Status Kepegawaian': 'PNS',
  'Jenis PTK': 'Guru Mapel',
  HP: '081234567890',
  Email: 'abdullah@guru.sch.id',
  'SK CPNS': '813/1/2015',
  'Tanggal CPNS': '2015-05-01',
  'Pangkat Golongan': 'Penata Muda Tk. I, III/b',
  'Sumber Gaji': 'APBD Kabupaten/Kota',
  'Status Perkawinan': 'Kawin',
  'TMT PNS': '2016-06-01',
  NIK: '8271012609860001',
  Agama: 'Islam',
  'Nama Ibu Kandung': 'Siti',
  Lintang: '0.79',
  Bujur: '127.38',
};
export const PPPK: Person = {
  Nama: 'Fatmawati',
  NUPTK: '2234567890123456',
  JK: 'P',
  'Tempat Lahir': 'Tidore',
  'Tanggal Lahir': '01/01/1990',
  NIP: '199001012022212001',
  'Status Kepegawaian': 'PPPK',
  'Jenis PTK': 'Guru Kelas',
  'Pangkat Golongan': 'IX',
  NIK: '8271014101900001',
  HP: '-',
};
export const HONOR: Person = {
  Nama: 'Rahma Said',
  NUPTK: '3234567890123456',
  JK: 'P',
  'Tempat Lahir': 'Sofifi',
  'Tanggal Lahir': 33239,
  NIP: '',
  'Status Kepegawaian': 'Guru Honor Sekolah',
  'Jenis PTK': 'Guru Kelas',
  'Pangkat Golongan': '-',
  NIK: '8271014101910002',
};
export const KEPSEK: Person = {
  Nama: 'Yusuf Hasan',
  NUPTK: '4234567890123456',
  JK: 'L',
  'Tempat Lahir': 'Ternate',
  'Tanggal Lahir': '1975-03-15',
  NIP: '',
  'Status Kepegawaian': 'GTY/PTY',
  'Jenis PTK': 'Guru Mapel',
  'Tugas Tambahan': 'Kepala Sekolah',
  NIK: '8271011503750003',
};
export const TENDIK: Person = {
  Nama: 'Hamid Abas',
  NUPTK: '',
  JK: 'L',
  'Tempat Lahir': 'Ternate',
  'Tanggal Lahir': '1992-07-01',
  NIP: '',
  'Status Kepegawaian': 'Tenaga Honor Sekolah',
  'Jenis PTK': 'Tenaga Administrasi Sekolah',
  NIK: '8271010107920004',
};
/** Excel turned this NIP into a number: 1.98703E+17, its last digits gone. */
export const SCIENTIFIC: Person = {
  Nama: 'Nurlela',
  NUPTK: '',
  JK: 'P',
  'Tempat Lahir': 'Ternate',
  'Tanggal Lahir': '1987-03-15',
  NIP: Number('198703152010012002'),
  'Status Kepegawaian': 'PNS',
  'Jenis PTK': 'Guru Kelas',
  'Pangkat Golongan': 'III/c',
  NIK: '8271015503870005',
};

/** The export: five title rows, the header on row 6, then one row a person. `columns` reorders or trims the header. */
export async function dapodikXlsx(people: Person[], columns: string[] = HEADER): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('GTK');
  ws.addRow(['Daftar Guru dan Tenaga Kependidikan']);
  ws.addRow(['SD Negeri 1 Ternate']);
  ws.addRow(['Kecamatan Ternate Tengah, Kota Ternate, Provinsi Maluku Utara']);
  ws.addRow(['Tanggal Unduh: 2026-11-20 08:12:31', '', 'Pengunduh: operator@sdn1ternate']);
  ws.addRow([]);
  ws.addRow(columns);
  people.forEach((p, i) => ws.addRow(columns.map((c) => (c === 'No' ? i + 1 : (p[c] ?? '')))));
  // Dapodik writes numbers as text: the identity columns as Excel's text format.
  for (const name of ['NIP', 'NUPTK', 'NIK']) {
    const at = columns.indexOf(name);
    if (at >= 0) ws.getColumn(at + 1).numFmt = '@';
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
