// What the database holds beyond Drizzle's schema (server/db/schema): objects Drizzle cannot
// describe (triggers, functions, a generated column) and two tables kept only by triggers. They are
// made by the SQL migrations named here (the last one that changed each). The repositories reach
// them with raw SQL. server/db/sql-objects.test.ts checks, after every migration has run, that
// each table, column, trigger and sidasek_ function of the database is in Drizzle's schema or in
// this module, and that everything listed here exists.

interface SqlObject {
  /** The migration (server/db/migrations) that made or last changed it. */
  migration: string;
  purpose: string;
}

/** Tables kept by triggers on `guru`, with their columns. */
export const SQL_TABLES: Record<string, SqlObject & { columns: readonly string[] }> = {
  guru_nama_kata: {
    migration: '0017_guru_nama_kata',
    purpose:
      'every word of every teacher name (its rest from that word, and reversed) for the name search (server/modules/guru/nama-search.ts)',
    columns: ['guru_id', 'urutan', 'sisa', 'balik', 'nama'],
  },
  guru_kata: {
    migration: '0017_guru_nama_kata',
    purpose: 'the distinct words of teacher names, with a trigram index: which words contain the search text',
    columns: ['kata'],
  },
};

/** Columns of Drizzle tables that Drizzle does not declare, as `table.column`. */
export const SQL_COLUMNS: Record<string, SqlObject> = {
  'guru.bentuk_pendidikan': {
    migration: '0014_guru_bentuk_pendidikan',
    purpose:
      "the school's level, copied by the triggers guru_bentuk_pendidikan and sekolah_bentuk_pendidikan (list filters and indexes without a join)",
  },
  'guru.nama_cari': {
    migration: '0015_guru_nama_cari',
    purpose: 'lower(nama), generated and stored, with the trigram index of the name search',
  },
};

/** Tables whose changes `sidasek_audit()` writes to audit_log, each by the trigger `<table>_audit`. */
export const AUDITED_TABLES = [
  'aset',
  'bentuk_pendidikan',
  'fasilitas',
  'gaji_pokok_tabel',
  'galeri',
  'guru',
  'jenis_ruangan',
  'kgb_draf',
  'kgb_penundaan',
  'kgb_surat',
  'kondisi',
  'lahan',
  'master_aset',
  'nomor_surat',
  'pejabat_penandatangan',
  'pengaturan',
  'referensi',
  'riw_diklat_teknis',
  'riw_karya_tulis',
  'riw_keahlian_bahasa',
  'riw_keahlian_umum',
  'riw_kgb',
  'riw_pangkat',
  'riw_pendidikan',
  'riw_pendidikan_non',
  'riw_penghargaan',
  'riw_pmk',
  'roles',
  'ruangan',
  'sekolah',
  'sekolah_fasilitas',
  'users',
  // Rank promotion (migration 0034_kenaikan_pangkat).
  'riw_skp',
  'riw_hukdis',
  'kp_usulan',
  'kp_usulan_guru',
  // Retirement (migrations 0035_pensiun, 0036_pensiun_usul).
  'riw_keluarga',
  'pensiun_usul',
  // Credit point decisions (migration 0040_pak).
  'riw_pak',
] as const;

/**
 * Tables whose writes mark the statistics as changed (`sidasek_stat_changed()`, trigger
 * `<table>_stat_changed`) and announce 'statistik' on CACHE_CHANNEL (server/db/caches.ts).
 */
export const STAT_TABLES = ['guru', 'jenis_ruangan', 'kgb_surat', 'kunjungan', 'ruangan', 'sekolah'] as const;

/**
 * The channel on which committed changes name the copies they make stale (migration 0029; heard by
 * server/lib/cache-signals.ts). The topics, the triggers that announce each (the statistics
 * triggers above, and `<table>_cache_changed` by `sidasek_cache_changed()` on the tables the app
 * processes keep copies of) and their listeners are declared in server/db/caches.ts.
 */
export const CACHE_CHANNEL = 'sidasek_cache';

/** The other triggers, as `trigger on table`. */
export const SQL_TRIGGERS: Record<string, SqlObject> = {
  'guru_versi on guru': {
    migration: '0008_audit_triggers',
    purpose: 'raises guru.versi on every update (optimistic locking of the teacher form)',
  },
  'guru_bentuk_pendidikan on guru': {
    migration: '0014_guru_bentuk_pendidikan',
    purpose: "copies the school's level into guru.bentuk_pendidikan (list filter without a join)",
  },
  'sekolah_bentuk_pendidikan on sekolah': {
    migration: '0014_guru_bentuk_pendidikan',
    purpose: "a school's new level reaches its teachers' copies",
  },
  'guru_nama_kata_baru on guru': {
    migration: '0017_guru_nama_kata',
    purpose: 'new teachers: their name words into guru_nama_kata and guru_kata',
  },
  'riw_pangkat_kp_tmt on riw_pangkat': {
    migration: '0034_kenaikan_pangkat',
    purpose: 'keeps guru.kp_tmt, the TMT of the newest verified rank decree (the promotion period list)',
  },
  'guru_nama_kata_ganti on guru': { migration: '0017_guru_nama_kata', purpose: 'a changed name: its words replaced' },
};

/** Functions (all named sidasek_…). */
export const SQL_FUNCTIONS: Record<string, SqlObject> = {
  sidasek_audit: {
    migration: '0026_kgb_periode',
    purpose: "the audit trigger: who (the request's settings), what, before and after",
  },
  sidasek_audit_mask: {
    migration: '0008_audit_triggers',
    purpose: 'hides secrets (password hashes, keys, NIK) in an audited row',
  },
  sidasek_audit_mask_pair: {
    migration: '0010_audit_mask_changed',
    purpose: 'the same for a before/after pair, keeping which columns changed',
  },
  sidasek_guru_versi: { migration: '0008_audit_triggers', purpose: 'trigger guru_versi' },
  sidasek_stat_changed: {
    migration: '0029_cache_notify',
    purpose: 'the statistics triggers: the transaction flag and the notification',
  },
  sidasek_cache_changed: {
    migration: '0029_cache_notify',
    purpose: "the `<table>_cache_changed` triggers of server/db/caches.ts: announce the table's name",
  },
  sidasek_guru_bentuk_pendidikan: {
    migration: '0014_guru_bentuk_pendidikan',
    purpose: 'trigger guru_bentuk_pendidikan',
  },
  sidasek_sekolah_bentuk_pendidikan: {
    migration: '0014_guru_bentuk_pendidikan',
    purpose: 'trigger sekolah_bentuk_pendidikan',
  },
  sidasek_nama_kata: { migration: '0017_guru_nama_kata', purpose: 'splits a lowered name into its words' },
  sidasek_guru_nama_kata_baru: { migration: '0017_guru_nama_kata', purpose: 'trigger guru_nama_kata_baru' },
  sidasek_guru_nama_kata_ganti: { migration: '0017_guru_nama_kata', purpose: 'trigger guru_nama_kata_ganti' },
  sidasek_guru_kp_tmt: { migration: '0034_kenaikan_pangkat', purpose: 'trigger riw_pangkat_kp_tmt' },
  sidasek_kgb_tmt: {
    migration: '0022_kgb_penundaan_status',
    purpose: "the next KGB's TMT in SQL (the due list's index), equal to server/domain/kgb.ts (kgb-tmt-sql.test.ts)",
  },
};
