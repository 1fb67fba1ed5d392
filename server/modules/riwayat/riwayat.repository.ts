import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { perSession } from '../../db/prepared.ts';
import { referensiOf } from '../master/referensi-cache.ts';
import { recordTableOf } from '../../db/schema/riwayat.ts';
import { RECORD_KIND, type RecordKind, type RecordRow } from '#contract/riwayat.ts';

export const RECORD_PAGE_SIZE = 100;

/** The path of a record's document, fetched with the bearer token. */
export const documentUrl = (kind: RecordKind, id: number) => `/api/${kind.key}/${id}/file`;

/**
 * The state a change was allowed for. The write carries it in its WHERE, so the check and the
 * change are one statement: a verification committed between the caller's read and its write
 * leaves the change with no row to land on (PostgreSQL re-checks the condition on the newest
 * version of a row it waited for), instead of landing on a verified row.
 */
export interface AllowedState {
  /** Only while the row is unverified (status 0): an operator's change of a verifiable kind. */
  unverified?: boolean;
  /** Only while no signed letter wrote the row (kgb_surat_id null). */
  unsigned?: boolean;
}

/** Reads and writes the rows of one record kind, answering them in the API's shape. */
export function riwayatRepository(db: Db, kind: RecordKind) {
  const refs = referensiOf(db);
  const table = recordTableOf(kind.key);
  const stillAllowed = (id: number, allowed: AllowedState) =>
    and(
      eq(table.id, id),
      allowed.unverified ? eq(table.status, 0) : undefined,
      allowed.unsigned ? isNull(table.kgb_surat_id) : undefined,
    );
  const fileField = kind.fields.find((f) => f.type === 'file');
  // Every opened teacher tab runs this: built and planned once per session (server/db/prepared.ts).
  const listQuery = perSession(db, () =>
    db
      .select({ row: table, total: sql<string>`count(*) over ()` })
      .from(table)
      .where(eq(table.guru_id, sql.placeholder('guruId')))
      .orderBy(asc(table.id))
      .limit(RECORD_PAGE_SIZE)
      .offset(sql.placeholder('offset'))
      .prepare(`riw_list_${kind.key}`),
  );

  /** Adds relation labels (master names, other records' names) and file links to raw rows. */
  async function present(rows: Record<string, unknown>[]): Promise<RecordRow[]> {
    const masterIds = new Set<number>();
    for (const f of kind.fields)
      if (f.type === 'master')
        for (const r of rows) if (typeof r[f.name] === 'number') masterIds.add(r[f.name] as number);
    const names = masterIds.size ? await refs.names(masterIds) : new Map<number, string>();
    const recordLabels = new Map<string, Map<number, string>>();
    for (const f of kind.fields) {
      if (f.type !== 'record' || !f.record) continue;
      const ids = [...new Set(rows.map((r) => r[f.name]).filter((v): v is number => typeof v === 'number'))];
      const labels = new Map<number, string>();
      if (ids.length) {
        const target = recordTableOf(f.record.kind);
        const found = await db
          .select({ id: target.id, label: target[f.record.labelField] })
          .from(target)
          .where(inArray(target.id, ids));
        // A label that is itself a master field of the other kind (a diklat's name) is read by its master name.
        const viaMaster =
          RECORD_KIND[f.record.kind].fields.find((x) => x.name === f.record!.labelField)?.type === 'master';
        const masterNames = viaMaster
          ? await refs.names(new Set(found.map((x) => x.label).filter((v): v is number => typeof v === 'number')))
          : null;
        for (const x of found)
          labels.set(x.id as number, String((masterNames ? masterNames.get(x.label as number) : x.label) ?? ''));
      }
      recordLabels.set(f.name, labels);
    }

    return rows.map((r) => {
      const out: RecordRow = { id: r.id as number, guru_id: r.guru_id as number };
      for (const f of kind.fields) {
        if (f.type === 'file') {
          out[f.name] = r[`${f.name}_key`] ? documentUrl(kind, r.id as number) : null;
          continue;
        }
        out[f.name] = r[f.name] ?? null;
        if (f.relation) {
          const id = r[f.name] as number | null;
          const label =
            id == null ? undefined : f.type === 'record' ? recordLabels.get(f.name)?.get(id) : names.get(id);
          out[f.relation.as] = label ? { [f.relation.labelField]: label } : null;
        }
      }
      if (kind.verifiable) out.status = r.status as number;
      if (kind.signedRows) out.dari_surat = r.kgb_surat_id != null;
      if (kind.key === 'riwkgb') {
        // SPEC §3 KGB record: file_link and statusfile_kgb besides the file field itself.
        out.file_link = out.file_kgb;
        out.statusfile_kgb = out.file_kgb ? 'Tersedia' : 'Belum diunggah';
      }
      if (kind.key === 'riwkgb' && typeof r.perihal === 'string') out.nama_perihal = r.perihal;
      return out;
    });
  }

  return {
    table,
    fileField,

    /** A page of a teacher's records and their count in one statement (a window count). */
    async list(guruId: number, page: number): Promise<{ rows: RecordRow[]; total: number }> {
      const found = await listQuery().execute({ guruId, offset: (page - 1) * RECORD_PAGE_SIZE });
      let total = found.length ? Number(found[0]!.total) : 0;
      // A page past the end has no row to carry the count.
      if (!found.length && page > 1)
        [{ total } = { total: 0 }] = await db.select({ total: count() }).from(table).where(eq(table.guru_id, guruId));
      return { rows: await present(found.map((f) => f.row as Record<string, unknown>)), total };
    },

    /** The raw row (with its storage keys), or undefined. */
    async raw(id: number): Promise<Record<string, unknown> | undefined> {
      const [row] = await db.select().from(table).where(eq(table.id, id));
      return row;
    },

    async present(row: Record<string, unknown>): Promise<RecordRow> {
      return (await present([row]))[0]!;
    },

    /** Inserts a row and answers it as stored (raw, with its storage keys). */
    async insert(values: Record<string, unknown>): Promise<Record<string, unknown>> {
      const [row] = await db.insert(table).values(values).returning();
      return row!;
    },

    /**
     * Updates a row while it is still in the `allowed` state and answers it as stored (raw), or
     * undefined when it is gone or no longer in that state.
     */
    async update(
      id: number,
      values: Record<string, unknown>,
      allowed: AllowedState = {},
    ): Promise<Record<string, unknown> | undefined> {
      const [row] = await db.update(table).set(values).where(stillAllowed(id, allowed)).returning();
      return row;
    },

    /** Deletes a row while it is still in the `allowed` state; false when nothing was deleted. */
    async remove(id: number, allowed: AllowedState = {}): Promise<boolean> {
      const deleted = await db.delete(table).where(stillAllowed(id, allowed)).returning({ id: table.id });
      return deleted.length > 0;
    },

    /** Whether a row of another kind with this id belongs to the same teacher. */
    async belongsTo(otherKind: RecordKind, id: number, guruId: number): Promise<boolean> {
      const other = recordTableOf(otherKind.key);
      const [row] = await db
        .select({ id: other.id })
        .from(other)
        .where(and(eq(other.id, id), eq(other.guru_id, guruId)));
      return !!row;
    },
  };
}
