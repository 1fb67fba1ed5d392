// Audit log names: plain values without zod, so a screen that needs only these does not download zod and
// the schemas of audit.ts. audit.ts re-exports them for the server.

/** The tables the audit log covers, with the names the audit screen shows. */
export const AUDIT_TABLES: Record<string, string> = {
  users: 'Akun pengguna',
  roles: 'Peran',
  sekolah: 'Sekolah',
  sekolah_fasilitas: 'Fasilitas sekolah',
  bentuk_pendidikan: 'Bentuk pendidikan',
  fasilitas: 'Master fasilitas',
  kondisi: 'Master kondisi',
  jenis_ruangan: 'Master jenis ruangan',
  master_aset: 'Master aset',
  ruangan: 'Ruangan',
  aset: 'Aset',
  lahan: 'Lahan',
  galeri: 'Galeri',
  referensi: 'Referensi guru',
  guru: 'Guru',
  riw_pendidikan: 'Riwayat pendidikan formal',
  riw_pendidikan_non: 'Riwayat pendidikan nonformal',
  riw_pangkat: 'Riwayat pangkat',
  riw_kgb: 'Riwayat KGB',
  riw_diklat_teknis: 'Riwayat diklat teknis',
  riw_karya_tulis: 'Karya tulis',
  riw_keahlian_bahasa: 'Keahlian bahasa',
  riw_keahlian_umum: 'Keahlian umum',
  riw_penghargaan: 'Penghargaan',
  gaji_pokok_tabel: 'Tabel gaji pokok',
  kgb_surat: 'Surat KGB',
  pejabat_penandatangan: 'Pejabat penandatangan',
  pengaturan: 'Pengaturan',
  nomor_surat: 'Nomor surat',
  keamanan: 'Peristiwa keamanan',
};

export const AUDIT_ACTIONS = ['INSERT', 'UPDATE', 'DELETE', 'EVENT'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_ACTION_LABEL: Record<AuditAction, string> = {
  INSERT: 'Tambah',
  UPDATE: 'Ubah',
  DELETE: 'Hapus',
  EVENT: 'Peristiwa',
};

/**
 * Security events (ASVS 7.2): rows of the audit log with `tabel` 'keamanan', `aksi`
 * 'EVENT' and the event in `entitas_id`, with who and from where like every other row.
 */
export const SECURITY_EVENTS = {
  login_berhasil: 'Login berhasil',
  login_gagal: 'Login gagal (username atau password salah)',
  login_ditahan: 'Login ditahan: terlalu banyak percobaan',
  akun_nonaktif: 'Login ke akun nonaktif',
  akses_ditolak: 'Akses ditolak (403)',
  passphrase_salah: 'Passphrase tanda tangan salah',
  passphrase_ditahan: 'Tanda tangan ditahan: terlalu banyak passphrase salah',
  password_diganti: 'Password diganti',
  password_lama_salah: 'Password lama salah saat mengganti password',
  password_ditahan: 'Ganti password ditahan: terlalu banyak password lama salah',
  password_direset: 'Password direset administrator (verifikasi dua langkah ikut direset)',
  totp_aktif: 'Verifikasi dua langkah diaktifkan',
  totp_nonaktif: 'Verifikasi dua langkah dimatikan',
  totp_gagal: 'Kode verifikasi dua langkah salah',
} as const;
export type SecurityEvent = keyof typeof SECURITY_EVENTS;

export const AUDIT_PAGE_SIZE = 25;
