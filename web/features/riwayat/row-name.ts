import type { RecordKind, RecordKindKey, RecordRow } from '#contract/riwayat.ts';
import { MSG } from '#contract/messages.ts';
import { formatDate, formatRupiah } from '../../lib/format.ts';

// How a row of a record table is named to the ear and in a delete confirmation: "Hapus Karya
// Tulis Pembelajaran Berbasis Proyek", "Edit Pendidikan S1 Universitas Khairun". Every kind is
// listed (the type says so), with the columns that tell its rows apart.

interface Naming {
  /** The kind as a noun ("Karya Tulis"); the tab's title is longer ("Riwayat Pendidikan Formal"). */
  noun: string;
  /** Columns (kind.columns' fields) whose values name one row, in reading order. */
  by: string[];
}

const NAMING: Record<RecordKindKey, Naming> = {
  riwkeluarga: { noun: 'Keluarga', by: ['nama', 'hubungan'] },
  riwpendidikan: { noun: 'Pendidikan', by: ['tingkatpendidikan', 'riw_pendidikan_nm'] },
  riwpendidikannon: { noun: 'Pendidikan Non Formal', by: ['non_nama'] },
  'diklat-teknis': { noun: 'Diklat Teknis', by: ['namadiklat', 'diklat_penyelenggara'] },
  riwpenghargaan: { noun: 'Penghargaan', by: ['penghargaan', 'riw_penghargaan_tglsk'] },
  riwkeahlianumum: { noun: 'Keahlian Umum', by: ['keahlian', 'level'] },
  riwkeahlianbahasa: { noun: 'Keahlian Bahasa', by: ['keahlian'] },
  riwpangkat: { noun: 'Kepangkatan', by: ['golongan', 'riw_pangkat_tmt'] },
  riwpmk: { noun: 'Peninjauan Masa Kerja', by: ['golongan', 'pmk_tmt'] },
  riwkaryatulis: { noun: 'Karya Tulis', by: ['judul'] },
  riwkgb: { noun: 'KGB', by: ['no_kgb', 'ttgl_kgb'] },
  riwskp: { noun: 'SKP', by: ['tahun', 'periode'] },
  riwpak: { noun: 'PAK', by: ['pak_nomor'] },
  riwhukdis: { noun: 'Hukuman Disiplin', by: ['jenis', 'hukdis_sktgl'] },
};

const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/** A cell's value as text, by its column's format (what the table shows; '' when empty). */
export function cellText(kind: RecordKind, field: string, row: RecordRow): string {
  const column = kind.columns.find((c) => c.field === field);
  const value = row[field];
  switch (column?.format) {
    case 'relation': {
      const rel = kind.fields.find((f) => f.relation?.as === field)?.relation;
      const label =
        value && typeof value === 'object' && rel ? (value as Record<string, unknown>)[rel.labelField] : null;
      return blank(label) ? '' : String(label);
    }
    case 'date':
      return blank(value) ? '' : formatDate(String(value));
    case 'jam':
      return blank(value) ? '' : `${Number(value).toLocaleString('id-ID')} Jam`;
    case 'rupiah':
      return blank(value) ? '' : formatRupiah(Number(value));
    case 'angka':
      return blank(value) ? '' : Number(value).toLocaleString('id-ID', { maximumFractionDigits: 3 });
    case 'enum': {
      if (blank(value)) return '';
      const f = kind.fields.find((x) => x.name === field);
      return f?.values?.find((v) => v.value === String(value))?.label ?? String(value);
    }
    case 'file':
      return '';
    default:
      return blank(value) ? '' : String(value);
  }
}

/** The kind as a noun, for "Hapus <noun> …". */
export const nounOf = (kind: RecordKind): string => NAMING[kind.key]?.noun ?? kind.title;

/** What names one row: its naming columns' values ("S1 Universitas Khairun"); '' when all are empty. */
export function rowName(kind: RecordKind, row: RecordRow): string {
  const by =
    NAMING[kind.key]?.by ??
    kind.columns
      .filter((c) => c.format !== 'file')
      .slice(0, 2)
      .map((c) => c.field);
  return by
    .map((f) => cellText(kind, f, row))
    .filter((t) => t && t !== MSG.emptyValue)
    .join(' ');
}

/** The accessible name of a row's action button: "Hapus Karya Tulis Pembelajaran Berbasis Proyek". */
export function actionLabel(action: string, kind: RecordKind, row: RecordRow): string {
  const name = rowName(kind, row);
  return `${action} ${nounOf(kind)}${name ? ` ${name}` : ''}`;
}

/** A noun inside a sentence: lower case, acronyms kept ("karya tulis", "SKP", "kepangkatan"). */
export const inSentence = (noun: string): string =>
  noun
    .split(' ')
    .map((w) => (w.length > 1 && w === w.toUpperCase() ? w : w.toLowerCase()))
    .join(' ');

/** The question of a confirmation that names its row: 'Hapus karya tulis "Pembelajaran …"?'. */
export function confirmQuestion(action: string, kind: RecordKind, row: RecordRow): string {
  const name = rowName(kind, row);
  return `${action} ${inSentence(nounOf(kind))}${name ? ` "${name}"` : ' ini'}?`;
}
