// Data-quality checks: plain values without zod, so a screen that needs only these does not download zod and
// the schemas of kualitas.ts. kualitas.ts re-exports them for the server.

/** The data-quality checks (administrators): what is missing or inconsistent, with drill-down. */
export const KUALITAS_CHECKS = [
  { kode: 'guru-tanpa-nuptk', judul: 'Guru tanpa NUPTK', jenis: 'guru' },
  { kode: 'guru-tanpa-nik', judul: 'Guru tanpa NIK', jenis: 'guru' },
  { kode: 'pns-tanpa-kgb', judul: 'Guru PNS tanpa tanggal KGB terakhir', jenis: 'guru' },
  { kode: 'pns-tanpa-golongan', judul: 'Guru PNS, CPNS dan PPPK tanpa golongan', jenis: 'guru' },
  {
    kode: 'pns-tanpa-sk',
    judul:
      'Guru PNS, CPNS dan PPPK tanpa SK KGB, pangkat atau pengangkatan terverifikasi (surat KGB belum dapat dibuat)',
    jenis: 'guru',
  },
  {
    kode: 'profil-beda-riwayat',
    judul: 'Golongan, MKG atau TMT KGB di profil berbeda dengan riwayat SK terverifikasi',
    jenis: 'guru',
  },
  {
    kode: 'mkg-di-antara-tahap',
    judul: 'MKG pada SK terakhir di antara dua tahap tabel gaji (KGB berikutnya jatuh kurang dari dua tahun)',
    jenis: 'guru',
  },
  {
    kode: 'mkg-tidak-bertambah',
    judul: 'MKG pada SK yang lebih baru tidak bertambah sesuai waktu sejak SK sebelumnya',
    jenis: 'guru',
  },
  { kode: 'nip-tidak-cocok', judul: 'NIP tidak cocok dengan tanggal lahir atau jenis kelamin', jenis: 'guru' },
  { kode: 'guru-belum-verifikasi', judul: 'Guru belum diverifikasi', jenis: 'guru' },
  { kode: 'pendidikan-belum-verifikasi', judul: 'Riwayat pendidikan formal belum diverifikasi', jenis: 'guru' },
  { kode: 'sekolah-tanpa-koordinat', judul: 'Sekolah tanpa koordinat peta', jenis: 'sekolah' },
  { kode: 'sekolah-tanpa-wilayah', judul: 'Sekolah tanpa wilayah', jenis: 'sekolah' },
] as const;
export type KualitasKode = (typeof KUALITAS_CHECKS)[number]['kode'];
