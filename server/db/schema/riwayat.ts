import {
  pgTable,
  serial,
  integer,
  numeric,
  varchar,
  date,
  smallint,
  timestamp,
  index,
  uniqueIndex,
  type PgColumnBuilderBase,
  type PgTableWithColumns,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { RECORD_KIND, type RecordKind, type RecordKindKey } from '#contract/riwayat.ts';
import { guru, referensi } from './guru.ts';
import { kgbSurat } from './kgb.ts';

/**
 * The record tables, derived from their definitions in contract/riwayat.ts: one column per
 * field, named as the API field (a file field stores its storage key in `<field>_key`).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type RecordTable = PgTableWithColumns<any>;
const tables = new Map<RecordKindKey, RecordTable>();

function recordTable(kind: RecordKind): RecordTable {
  const columns: Record<string, PgColumnBuilderBase> = {
    id: serial('id').primaryKey(),
    guru_id: integer('guru_id')
      .notNull()
      .references(() => guru.id, { onDelete: 'cascade' }),
  };
  for (const f of kind.fields) {
    switch (f.type) {
      case 'text':
        columns[f.name] = varchar(f.name, { length: f.max ?? 255 });
        break;
      case 'golongan':
        columns[f.name] = varchar(f.name, { length: 10 });
        break;
      case 'enum':
        columns[f.name] = varchar(f.name, { length: 20 });
        break;
      case 'date':
        columns[f.name] = date(f.name, { mode: 'string' });
        break;
      case 'int':
        columns[f.name] = integer(f.name);
        break;
      case 'decimal':
        columns[f.name] = numeric(f.name, { precision: 12, scale: f.scale ?? 2, mode: 'number' });
        break;
      case 'master':
        columns[f.name] = integer(f.name).references(() => referensi.id);
        break;
      case 'record': {
        const target = tables.get(f.record!.kind)!;
        columns[f.name] = integer(f.name).references(() => target.id, { onDelete: 'set null' });
        break;
      }
      case 'file':
        columns[`${f.name}_key`] = varchar(`${f.name}_key`, { length: 100 });
        break;
    }
  }
  if (kind.verifiable) columns.status = smallint('status').notNull().default(0);
  // The signed letter a row was written from (one row per letter); null for rows typed in.
  if (kind.signedRows) columns.kgb_surat_id = integer('kgb_surat_id').references(() => kgbSurat.id);
  columns.created_at = timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
  columns.updated_at = timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
  const table = pgTable(kind.table, columns, (t) => [
    index(`${kind.table}_guru_idx`).on(t.guru_id!),
    ...(kind.signedRows ? [uniqueIndex(`${kind.table}_kgb_surat_uq`).on(t.kgb_surat_id!)] : []),
    // The verified annual ratings by year: the rank promotion period's count of teachers lacking one
    // reads them as index-only hashed sets (docs/performance.md, rank promotion period list).
    ...(kind.key === 'riwskp'
      ? [
          index('riw_skp_tahunan_idx')
            .on(t.tahun!, t.guru_id!)
            .where(sql`${t.status} = 1 and ${t.periode} = 'Tahunan'`),
        ]
      : []),
  ]) as RecordTable;
  tables.set(kind.key, table);
  return table;
}

// Named exports (drizzle-kit reads them), in dependency order: keahlian rows point at education
// and diklat rows.
export const riwPendidikan = recordTable(RECORD_KIND.riwpendidikan);
export const riwPendidikanNon = recordTable(RECORD_KIND.riwpendidikannon);
export const riwDiklatTeknis = recordTable(RECORD_KIND['diklat-teknis']);
export const riwPenghargaan = recordTable(RECORD_KIND.riwpenghargaan);
export const riwKeahlianUmum = recordTable(RECORD_KIND.riwkeahlianumum);
export const riwKeahlianBahasa = recordTable(RECORD_KIND.riwkeahlianbahasa);
export const riwPangkat = recordTable(RECORD_KIND.riwpangkat);
export const riwPmk = recordTable(RECORD_KIND.riwpmk);
export const riwKaryaTulis = recordTable(RECORD_KIND.riwkaryatulis);
export const riwKgb = recordTable(RECORD_KIND.riwkgb);

export function recordTableOf(key: RecordKindKey): RecordTable {
  return tables.get(key)!;
}

// Performance ratings and disciplinary penalties (docs/domain/kenaikan-pangkat.md).
export const riwSkp = recordTable(RECORD_KIND.riwskp);
export const riwHukdis = recordTable(RECORD_KIND.riwhukdis);

// Family: spouses and children (docs/domain/pensiun.md).
export const riwKeluarga = recordTable(RECORD_KIND.riwkeluarga);

// Credit point decisions (PAK) of functional teachers (docs/domain/kenaikan-pangkat.md).
export const riwPak = recordTable(RECORD_KIND.riwpak);
