import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { testDatabase, resetDatabase, truncateAndSeed } from './test-db.ts';
import { rowsOf, type Db } from '../db/client.ts';
import { digest, digester } from './db-digest.ts';

// The quick reset of the tests' database (test-db.ts) must leave exactly what emptying every table
// and seeding the reference data leaves: the same rows, the same ids and the same next ids.

/** Every table's rows (but the regions') and every sequence's position. */
async function state(): Promise<string> {
  const { db } = await testDatabase();
  const tables = rowsOf<{ t: string }>(
    await db.execute(
      sql`select tablename as t from pg_tables where schemaname = 'public' and tablename not in ('wilayah', '__drizzle_migrations') order by 1`,
    ),
  ).map((r) => r.t);
  const sequences = rowsOf(
    await db.execute(sql`select sequencename, last_value from pg_sequences where schemaname = 'public' order by 1`),
  );
  return `${await digest(db, tables)}\n${JSON.stringify(sequences)}`;
}

describe('resetDatabase', () => {
  it('leaves the state of a database emptied by TRUNCATE and seeded again, whatever a test changed', async () => {
    const database = await testDatabase();
    const { db } = database;
    // The slow way, as a reference.
    await truncateAndSeed(database);
    const expected = await state();

    // A test's changes: a master list edited, a salary row removed, a user.
    await db.execute(sql`insert into referensi (kategori, nama, urutan) values ('goldar', 'X', 9)`);
    await db.execute(sql`delete from gaji_pokok_tabel where id < 5`);
    await db.execute(sql`update kondisi set nama = 'Diubah' where id = 1`);
    await db.execute(sql`insert into users (username, password_hash, role_id) values ('uji-reset', 'x', 1)`);
    expect(await state()).not.toBe(expected);

    await resetDatabase(database);
    expect(await state()).toBe(expected);
    // And again: the second reset starts from the first one's result.
    await db.execute(sql`insert into referensi (kategori, nama, urutan) values ('goldar', 'Y', 10)`);
    await resetDatabase(database);
    expect(await state()).toBe(expected);
  });
});

describe('digester', () => {
  it('takes the digest again after a write, and keeps it while nothing is written', async () => {
    const { db } = await testDatabase();
    const tables = ['referensi', 'kondisi'];
    const take = digester(db, tables);
    const first = await take();
    expect(await take()).toBe(first);
    // A read in its own transaction writes nothing.
    await db.transaction(async (tx) => tx.execute(sql`select count(*) from kondisi`));
    expect(await take()).toBe(first);
    await db.execute(sql`update kondisi set nama = 'Diubah' where id = 1`);
    const changed = await take();
    expect(changed).not.toBe(first);
    expect(changed).toBe(await digest(db, tables));
    // Taking it writes nothing either: its statements, run in one transaction, get no transaction id.
    // (Not by the position before and after: on PostgreSQL that counter is the cluster's, and the other
    // test files write to their own databases meanwhile.)
    const assigned = await db.transaction(async (tx) => {
      await digester(tx as unknown as Db, tables)();
      return rowsOf<{ x: string | null }>(await tx.execute(sql`select pg_current_xact_id_if_assigned()::text as x`))[0]!
        .x;
    });
    expect(assigned).toBeNull();
    await resetDatabase(await testDatabase());
  });
});
