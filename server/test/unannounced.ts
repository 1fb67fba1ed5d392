import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/**
 * A change the app's caches are not told about, as when a notification is missed (decision 0039):
 * the write runs with its triggers off (`session_replication_role = replica`, superuser only, as the
 * test databases are), so neither the audit nor the cache notification of migration 0029 happens.
 */
export function unannounced<T>(db: Db, write: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    return write(tx as unknown as Db);
  });
}
