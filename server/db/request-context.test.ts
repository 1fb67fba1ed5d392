// The request scope is switched off between write requests (no async hook on read requests) and
// must still be there for every write request that overlaps another.
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { testDatabase } from '../test/test-db.ts';
import { memoryFileStore } from '../lib/file-store.ts';
import { rowsOf, type Db } from './client.ts';
import { requestScopedDb, runInRequestScope } from './request-context.ts';

let raw: Db;
let scoped: Db;
beforeAll(async () => {
  const database = await testDatabase();
  raw = database.writeDb;
  scoped = requestScopedDb(database.db, database.writeDb);
});

const actor = (username: string) => () => ({
  user_id: null,
  username,
  role: null,
  npsn: null,
  ip: '127.0.0.1',
  request_id: username,
  metode: 'POST',
  rute: '/api/uji',
});

/** Who the audit trigger would record for a transaction opened through the request-scoped db. */
async function auditedUser(): Promise<string | null> {
  return scoped.transaction(async (tx) => {
    const [row] = rowsOf<{ v: string | null }>(
      await tx.execute(sql`select current_setting('sidasek.audit', true) as v`),
    );
    return row?.v ? (JSON.parse(row.v) as { username: string }).username : null;
  });
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('request scope', () => {
  it('keeps a write request scope while another one ends, and comes back after all have ended', async () => {
    const aMayEnd = deferred();
    const bMayGoOn = deferred();
    const files = memoryFileStore();
    const a = runInRequestScope(raw, files, 'manual', actor('a'), false, async () => {
      await aMayEnd.promise;
      return auditedUser();
    });
    const b = runInRequestScope(raw, files, 'manual', actor('b'), false, async () => {
      await bMayGoOn.promise;
      return auditedUser();
    });
    aMayEnd.resolve();
    expect(await a).toBe('a');
    // A has ended; B is still open and still sees its own scope.
    bMayGoOn.resolve();
    expect(await b).toBe('b');

    // No scope open: the pool, no actor.
    expect(await auditedUser()).toBeNull();
    // The next write request has its scope again.
    expect(
      await runInRequestScope(raw, files, 'manual', actor('c'), false, async () => {
        await new Promise((r) => setTimeout(r, 1));
        return auditedUser();
      }),
    ).toBe('c');
  });
});
