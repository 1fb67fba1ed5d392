/** Notices to school operators, as the bell and the notices page read them. */
export type JenisNotifikasi =
  | 'dikembalikan'
  | 'ditandatangani'
  | 'akan_kgb'
  // Rank promotion: a proposal returned (BTS), and the next period's teachers lacking a rating or its document.
  | 'kp_bts'
  | 'kenaikan_pangkat'
  // Retirement: teachers 15, 12 and 6 months before their pension TMT whose proposal or record is not ready.
  | 'pensiun';

export interface Notifikasi {
  /** null for a notice worked out when asked (teachers of a KGB month, coming or late). */
  id: number | null;
  jenis: JenisNotifikasi;
  judul: string;
  isi: string;
  /** The teacher it is about, for the link to their record (Riwayat KGB). */
  guru_id: number | null;
  dibuat_pada: string;
  dibaca: boolean;
}

export interface DaftarNotifikasi {
  /** How many notices of `data` are unread (the bell shows this very count): stored ones not marked read, and worked-out ones that still ask for something. */
  belum_dibaca: number;
  data: Notifikasi[];
}

export const NOTIFIKASI_MSG = {
  read: 'Pemberitahuan ditandai sudah dibaca',
} as const;
