import { count, eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgInsertValue, PgSelect, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { PROPERTY_PAGE_SIZE } from '#contract/sarpras.ts';
import type { Page } from '#contract/paging.ts';
import type { Db } from '../../db/client.ts';
import { page } from '../../lib/envelope.ts';
import { errors } from '../../lib/errors.ts';

// What the school-property kinds (rooms and their assets, land, gallery) share: one page of a
// parent's rows, their writes, and the rule that a row stays with its school.

/**
 * One page (PROPERTY_PAGE_SIZE rows) of `table`'s rows that match `where`: `rows` is the kind's
 * query of those rows (a dynamic select, `$dynamic()`), in its own order and shape.
 */
export async function propertyPage<Q extends PgSelect>(
  db: Db,
  table: PgTable,
  where: SQL,
  pageNo: number,
  rows: Q,
): Promise<Page<Q['_']['result'][number]>> {
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(table).where(where);
  const found = await rows.limit(PROPERTY_PAGE_SIZE).offset((pageNo - 1) * PROPERTY_PAGE_SIZE);
  return page(found, total, pageNo, PROPERTY_PAGE_SIZE);
}

/** A school-property table: a serial id and the time of its last change. */
type PropertyTable = PgTable & { id: AnyPgColumn; updatedAt: AnyPgColumn };

/**
 * The writes of a school-property kind: a row inserted or updated (its `updatedAt` set to `now`) is
 * answered as `find` reads it (the kind's answer shape, with its joins); a removal answers nothing.
 */
export function propertyWrites<T extends PropertyTable, R>(
  db: Db,
  table: T,
  find: (id: number) => Promise<R | undefined>,
) {
  return {
    async insert(values: PgInsertValue<T>): Promise<R> {
      const [row] = await db.insert(table).values(values).returning({ id: table.id });
      return (await find(row!.id as number))!;
    },
    async update(id: number, values: PgUpdateSetSource<T>, now: Date): Promise<R> {
      await db
        .update(table)
        .set({ ...values, updatedAt: now })
        .where(eq(table.id, id));
      return (await find(id))!;
    },
    async remove(id: number): Promise<void> {
      await db.delete(table).where(eq(table.id, id));
    },
  };
}

/** A row of school property stays with its school: another NPSN in an update is refused, not a transfer. */
export function keepSchool(currentNpsn: string, bodyNpsn: string, field: string, message: string): void {
  if (bodyNpsn !== currentNpsn) throw errors.validation({ [field]: message });
}
