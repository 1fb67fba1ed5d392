// Audit log names: plain values without zod, so a screen that needs only these does not download zod and
// the schemas of audit.ts (issue 7). audit.ts re-exports them for the server.

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
};

export const AUDIT_ACTIONS = ['INSERT', 'UPDATE', 'DELETE'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_ACTION_LABEL: Record<AuditAction, string> = { INSERT: 'Tambah', UPDATE: 'Ubah', DELETE: 'Hapus' };

export const AUDIT_PAGE_SIZE = 25;
