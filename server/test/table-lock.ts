import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/**
 * A transaction of the test's own holding a lock on a table (PostgreSQL: a stalled disk, or a write
 * kept waiting), until `release` is called; `held` settles when the transaction has ended.
 */
export async function holdTableLock(
  db: Db,
  table: string,
  mode: 'share' | 'exclusive',
): Promise<{ release: () => void; held: Promise<void> }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const held = db.transaction(async (tx) => {
    await tx.execute(sql.raw(`lock table "${table}" in ${mode} mode`));
    locked();
    await released;
  });
  await Promise.race([isLocked, held]);
  return { release, held };
}
