import { sql } from 'drizzle-orm';
import {
  pgTable,
  serial,
  integer,
  varchar,
  date,
  bigint,
  text,
  timestamp,
  boolean,
  index,
  uniqueIndex,
  jsonb,
  check,
} from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { guru } from './guru.ts';
import { users } from './auth.ts';

/**
 * Basic salary tables as versioned master data: a letter is computed from the table in force on
 * its TMT, so an old letter reproduces after the next regulation.
 */
export const gajiPokokTabel = pgTable(
  'gaji_pokok_tabel',
  {
    id: serial('id').primaryKey(),
    regulasi: varchar('regulasi', { length: 50 }).notNull(),
    berlakuMulai: date('berlaku_mulai', { mode: 'string' }).notNull(),
    golongan: varchar('golongan', { length: 10 }).notNull(),
    mkg: integer('mkg').notNull(),
    gaji: bigint('gaji', { mode: 'number' }).notNull(),
  },
  (t) => [
    uniqueIndex('gaji_pokok_tabel_uq').on(t.regulasi, t.golongan, t.mkg),
    index('gaji_pokok_tabel_lookup_idx').on(t.golongan, t.berlakuMulai),
  ],
);

/**
 * Signing officials (docs/domain/tanda-tangan.md). `jenis` says how they sign: 'p12', a PKCS#12 in
 * the file store protected by the official's passphrase (with its certificate's subject, fingerprint
 * and end date), or 'bsre', through BSrE's Esign Client Service with the official's NIK (BSrE holds
 * the key and the certificate: no local key, no local certificate).
 */
export const pejabat = pgTable(
  'pejabat_penandatangan',
  {
    id: serial('id').primaryKey(),
    nama: varchar('nama', { length: 150 }).notNull(),
    nip: varchar('nip', { length: 18 }).notNull(),
    /** Sensitive (UU PDP): never in an answer or a log; BSrE identifies the signer by it. */
    nik: varchar('nik', { length: 16 }),
    jabatan: varchar('jabatan', { length: 150 }).notNull(),
    pangkat: varchar('pangkat', { length: 100 }),
    jenis: varchar('jenis', { length: 4 }).notNull().default('p12'),
    p12Key: varchar('p12_key', { length: 100 }),
    sertifikatSubjek: text('sertifikat_subjek'),
    sertifikatSidikJari: varchar('sertifikat_sidik_jari', { length: 64 }),
    berlakuSampai: timestamp('berlaku_sampai', { withTimezone: true }),
    /** The official who signs new letters (the default, for every letter no delegation takes). */
    aktif: boolean('aktif').notNull().default(false),
    /**
     * A delegation: this official signs the letters of teachers of these golongan and
     * school levels (an empty list: any), instead of the default official. Null: none.
     */
    delegasi: jsonb('delegasi').$type<{ golongan: string[]; jenjang: string[] }>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A local official has a key to sign with; a BSrE official has the NIK BSrE knows them by.
    check(
      'pejabat_penandatangan_kunci_ck',
      sql`(${t.jenis} = 'p12' and ${t.p12Key} is not null) or (${t.jenis} = 'bsre' and ${t.nik} is not null)`,
    ),
  ],
);

/**
 * KGB letters. A draft is generated on demand; verification freezes its content (PDF + SHA-256);
 * signing adds the signed PDF, stored byte for byte with its SHA-256.
 */
export const kgbSurat = pgTable(
  'kgb_surat',
  {
    id: serial('id').primaryKey(),
    guruId: integer('guru_id')
      .notNull()
      .references(() => guru.id, { onDelete: 'cascade' }),
    nomor: varchar('nomor', { length: 100 }).notNull(),
    /** Public document code printed on the letter, for verification. */
    kodeDokumen: varchar('kode_dokumen', { length: 32 }).notNull(),
    tmt: date('tmt', { mode: 'string' }).notNull(),
    /** Everything printed on the letter, as computed when it was verified. */
    isi: jsonb('isi').notNull(),
    /**
     * verified → signing → signed (back to verified when a signature attempt fails); a verified or
     * signed letter may be cancelled and stays, with its number and code, as cancelled.
     */
    status: varchar('status', { length: 10 }).notNull(),
    pdfKey: varchar('pdf_key', { length: 100 }).notNull(),
    pdfSha256: varchar('pdf_sha256', { length: 64 }).notNull(),
    signedKey: varchar('signed_key', { length: 100 }),
    signedSha256: varchar('signed_sha256', { length: 64 }),
    pejabatId: integer('pejabat_id').references(() => pejabat.id),
    verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull(),
    verifiedBy: integer('verified_by').references(() => users.id),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    signedBy: integer('signed_by').references(() => users.id),
    /** Which signer made the signature: 'p12' (the office's own key) or 'bsre' (certified, BSrE). */
    signedVia: varchar('signed_via', { length: 4 }),
    batalAt: timestamp('batal_at', { withTimezone: true }),
    batalBy: integer('batal_by').references(() => users.id),
    alasanBatal: text('alasan_batal'),
    /** A replacement letter (ralat): the cancelled letter it replaces (docs/domain/surat-kgb.md). */
    menggantikanId: integer('menggantikan_id').references((): AnyPgColumn => kgbSurat.id),
    /** The number of the cancellation notice to the payroll office, taken from the register once. */
    nomorPembatalan: varchar('nomor_pembatalan', { length: 100 }),
    /**
     * What the payroll office answered about a signed letter (docs/domain/dapodik.md "Ke bagian
     * gaji"): 'diterima' (keyed in) or 'dikembalikan' (returned, with the reason); null: no answer yet.
     */
    gajiStatus: varchar('gaji_status', { length: 12 }),
    gajiAlasan: text('gaji_alasan'),
    gajiDicatatAt: timestamp('gaji_dicatat_at', { withTimezone: true }),
    gajiDicatatBy: integer('gaji_dicatat_by').references(() => users.id),
  },
  (t) => [
    check(
      'kgb_surat_gaji_status_ck',
      sql`${t.gajiStatus} is null or (${t.gajiStatus} = 'diterima') or (${t.gajiStatus} = 'dikembalikan' and ${t.gajiAlasan} is not null)`,
    ),
    // A cancelled letter is replaced at most once.
    uniqueIndex('kgb_surat_menggantikan_uq')
      .on(t.menggantikanId)
      .where(sql`${t.menggantikanId} is not null`),
    // One letter in force per teacher and TMT: a cancelled one makes room for its replacement.
    uniqueIndex('kgb_surat_guru_tmt_uq')
      .on(t.guruId, t.tmt)
      .where(sql`${t.status} <> 'cancelled'`),
    uniqueIndex('kgb_surat_kode_uq').on(t.kodeDokumen),
    index('kgb_surat_status_idx').on(t.status, t.signedAt),
  ],
);

/**
 * Postponements of a KGB (penundaan, PP 7/1977, postponement article): the increase due on
 * `tmtSemula` is postponed by `bulan` months (at most 12 at a time), with the reason and the decree
 * that decided it. The months after the teacher's last KGB move the next TMT (guru.kgb_tunda_bulan).
 */
export const kgbPenundaan = pgTable(
  'kgb_penundaan',
  {
    id: serial('id').primaryKey(),
    guruId: integer('guru_id')
      .notNull()
      .references(() => guru.id, { onDelete: 'cascade' }),
    tmtSemula: date('tmt_semula', { mode: 'string' }).notNull(),
    bulan: integer('bulan').notNull(),
    alasan: text('alasan').notNull(),
    nomorSk: varchar('nomor_sk', { length: 100 }),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('kgb_penundaan_guru_tmt_uq').on(t.guruId, t.tmtSemula)],
);

/** Settings edited by administrators (letter wording, office name, number format). */
export const pengaturan = pgTable('pengaturan', {
  kunci: varchar('kunci', { length: 60 }).primaryKey(),
  nilai: jsonb('nilai').notNull(),
});

/** Yearly counter of letter numbers. */
export const nomorSurat = pgTable(
  'nomor_surat',
  {
    jenis: varchar('jenis', { length: 20 }).notNull(),
    tahun: integer('tahun').notNull(),
    terakhir: integer('terakhir').notNull().default(0),
  },
  (t) => [uniqueIndex('nomor_surat_uq').on(t.jenis, t.tahun)],
);

/**
 * Drafts of the monthly KGB run: a teacher of the month whose letter the office has
 * prepared (`draf`) or sent back to the school for correction with a note (`dikembalikan`). The
 * numbers are computed again from the record at verification; `rencana` is what the draft showed.
 */
export const kgbDraf = pgTable(
  'kgb_draf',
  {
    id: serial('id').primaryKey(),
    guruId: integer('guru_id')
      .notNull()
      .references(() => guru.id, { onDelete: 'cascade' }),
    tmt: date('tmt', { mode: 'string' }).notNull(),
    status: varchar('status', { length: 12 }).notNull(),
    catatan: text('catatan'),
    rencana: jsonb('rencana'),
    dibuatOleh: integer('dibuat_oleh').references(() => users.id),
    dibuatPada: timestamp('dibuat_pada', { withTimezone: true }).notNull(),
    diubahPada: timestamp('diubah_pada', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('kgb_draf_guru_tmt_uq').on(t.guruId, t.tmt), index('kgb_draf_tmt_idx').on(t.tmt)],
);

/**
 * Runs over many letters of a month (verification or signature), with a result per letter, so a
 * screen can show progress and any instance can answer how a run stands. A run whose `diperbarui`
 * stops moving was interrupted (the server stopped): it is shown as stopped and started again.
 */
export const kgbTugas = pgTable(
  'kgb_tugas',
  {
    id: serial('id').primaryKey(),
    jenis: varchar('jenis', { length: 12 }).notNull(),
    tmt: date('tmt', { mode: 'string' }).notNull(),
    status: varchar('status', { length: 10 }).notNull(),
    total: integer('total').notNull(),
    hasil: jsonb('hasil')
      .notNull()
      .default(sql`'[]'::jsonb`),
    dibuatOleh: integer('dibuat_oleh').references(() => users.id),
    mulai: timestamp('mulai', { withTimezone: true }).notNull(),
    diperbarui: timestamp('diperbarui', { withTimezone: true }).notNull(),
    selesai: timestamp('selesai', { withTimezone: true }),
    /** Why a run stopped before its end (status 'berhenti': the signing service failed), or null. */
    pesan: text('pesan'),
  },
  (t) => [index('kgb_tugas_tmt_idx').on(t.tmt, t.id)],
);
