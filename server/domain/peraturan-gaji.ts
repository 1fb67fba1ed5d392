// The regulations a KGB letter cites, by their full names (docs/domain/tabel-gaji.md): letters cite a
// regulation by kind, number, year and title ("Peraturan Pemerintah Nomor 5 Tahun 2024 tentang …"),
// never by an abbreviation after the last full stop. Keyed by the code the salary tables carry
// (`gaji_pokok_tabel.regulasi`, server/domain/gaji-*.ts).

const PP_7_1977 = 'Peraturan Pemerintah Nomor 7 Tahun 1977 tentang Peraturan Gaji Pegawai Negeri Sipil';
const PERPRES_98_2020 =
  'Peraturan Presiden Nomor 98 Tahun 2020 tentang Gaji dan Tunjangan Pegawai Pemerintah dengan Perjanjian Kerja';

interface Peraturan {
  /** The regulation whose annex holds the table, by its full name. */
  nama: string;
  /** The salary rules as in force with that table: the base regulation and its latest amendment. */
  dasar: string;
  /** The same in a letter's body, where the amendment's title (a "Perubahan atas" the base) is not repeated. */
  ringkas?: string;
}

const PERATURAN: Record<string, Peraturan> = {
  'PP 15/2019': {
    nama: `Peraturan Pemerintah Nomor 15 Tahun 2019 tentang Perubahan Kedelapan Belas atas ${PP_7_1977}`,
    dasar: `${PP_7_1977} sebagaimana telah beberapa kali diubah, terakhir dengan Peraturan Pemerintah Nomor 15 Tahun 2019 tentang Perubahan Kedelapan Belas atas ${PP_7_1977}`,
  },
  'PP 5/2024': {
    nama: `Peraturan Pemerintah Nomor 5 Tahun 2024 tentang Perubahan Kesembilan Belas atas ${PP_7_1977}`,
    dasar: `${PP_7_1977} sebagaimana telah beberapa kali diubah, terakhir dengan Peraturan Pemerintah Nomor 5 Tahun 2024 tentang Perubahan Kesembilan Belas atas ${PP_7_1977}`,
  },
  'Perpres 11/2024': {
    nama: `Peraturan Presiden Nomor 11 Tahun 2024 tentang Perubahan atas ${PERPRES_98_2020}`,
    dasar: `${PERPRES_98_2020} sebagaimana telah diubah dengan Peraturan Presiden Nomor 11 Tahun 2024 tentang Perubahan atas ${PERPRES_98_2020}`,
    ringkas: `${PERPRES_98_2020} sebagaimana telah diubah dengan Peraturan Presiden Nomor 11 Tahun 2024`,
  },
};

/** The full name of a table's regulation; a code the office added itself is printed as it is. */
export function namaPeraturan(kode: string): string {
  return PERATURAN[kode]?.nama ?? kode;
}

/** A regulation cited again after its full name: kind, number and year ("Peraturan Pemerintah Nomor 5 Tahun 2024"). */
export function singkatPeraturan(kode: string): string {
  const full = PERATURAN[kode]?.nama;
  return full ? full.slice(0, full.indexOf(' tentang ')) : kode;
}

/** The salary rules in force with a table, as a letter's "sesuai dengan …" or a Keputusan's Mengingat cites them. */
export function dasarGaji(kode: string, pppk: boolean, ringkas = false): string {
  const p = PERATURAN[kode];
  return (
    (ringkas ? (p?.ringkas ?? p?.dasar) : p?.dasar) ?? (pppk ? PERPRES_98_2020 : `${PP_7_1977} beserta perubahannya`)
  );
}

/** The article that pays a CPNS 80 % of the table. */
export const PASAL_CPNS = `Pasal 5 ayat (1) ${PP_7_1977}`;

/** The law on the civil service that a Keputusan cites first. */
export const UU_ASN = 'Undang-Undang Nomor 20 Tahun 2023 tentang Aparatur Sipil Negara';
export const PP_MANAJEMEN_PPPK =
  'Peraturan Pemerintah Nomor 49 Tahun 2018 tentang Manajemen Pegawai Pemerintah dengan Perjanjian Kerja';
