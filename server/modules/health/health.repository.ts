import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** The smallest round trip to the database: resolves when it answers. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
