import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from './client.ts';
import type { FileStore } from '../lib/file-store.ts';
import { isDatabaseUnavailable } from './unavailable.ts';

/**
 * One database transaction per write request.
 *
 * Every POST/PUT/PATCH/DELETE handler runs inside a transaction that commits before the answer is
 * sent (so an acknowledged write is durable and a failed one leaves nothing half-written), and
 * that carries who made the change for the audit trigger (`sidasek.audit`, migration 0008).
 * Modules keep using `deps.database.db`: it is a proxy that resolves to the current request's
 * transaction when there is one (AsyncLocalStorage), to the write pool elsewhere in a write
 * request, and to the read pool otherwise (decision 0018).
 *
 * A multipart request opens its transaction only after its body has been read
 * (`openRequestTransaction`, called by readMultipart), so a slow upload never holds a connection —
 * on PGlite, one connection for everyone.
 */

/** Who changes data, written into every audit row of the transaction. */
export interface AuditActor {
  user_id: number | null;
  username: string | null;
  role: number | null;
  npsn: string | null;
  ip: string;
  request_id: string;
  metode: string;
  rute: string;
}

/**
 * - 'request': the whole handler is one transaction (the default for writes);
 * - 'manual': no request transaction; transactions the handler opens itself carry the actor
 *   (used where a failed attempt must be recorded although the request fails: login, signing).
 */
export type TransactionMode = 'request' | 'manual';

interface RequestScope {
  /** The write pool: the request's transaction is opened on it. */
  raw: Db;
  mode: TransactionMode;
  actor: () => AuditActor;
  tx: Db | null;
  opening: Promise<void> | null;
  /** Settles the transaction: resolve commits, reject rolls back. */
  settle: { resolve: () => void; reject: (err: unknown) => void } | null;
  /** The transaction's own promise: resolves after COMMIT, rejects after ROLLBACK. */
  done: Promise<unknown> | null;
  /** Files stored during the request: removed again when the transaction rolls back. */
  storedFiles: string[];
  /** Files the request replaced: removed only once the transaction has committed. */
  replacedFiles: string[];
  /** Whether the transaction changed a table the statistics read (read just before COMMIT). */
  statSourcesChanged: boolean;
}

const storage = new AsyncLocalStorage<RequestScope>();
/**
 * Write requests in flight. An enabled AsyncLocalStorage makes Node 20 run an async hook for
 * every promise of every request, reads included (about 2 % of a teacher detail's CPU); with no
 * write scope open nothing needs the store, so it is disabled until the next write request.
 */
let openScopes = 0;

const setActor = (tx: Db, actor: AuditActor) =>
  tx.execute(sql`select set_config('sidasek.audit', ${JSON.stringify(actor)}, true)`);

const member = (target: Db, prop: string | symbol): unknown => {
  const value = Reflect.get(target, prop, target) as unknown;
  return typeof value === 'function' ? value.bind(target) : value;
};

/**
 * The database handle modules use: the current request's transaction; elsewhere in a write request
 * (manual mode, a multipart body not read yet) the write pool; outside write requests the read pool.
 */
export function requestScopedDb(read: Db, write: Db): Db {
  return new Proxy(read, {
    get(target, prop) {
      const scope = storage.getStore();
      if (scope?.tx) return member(scope.tx, prop);
      if (scope && prop === 'transaction') {
        // Manual mode, or before a multipart body is read: a transaction the handler opens itself
        // still says who changes the data.
        return (fn: (tx: Db) => Promise<unknown>, config?: unknown) =>
          write.transaction(async (tx) => {
            await setActor(tx as unknown as Db, scope.actor());
            return fn(tx as unknown as Db);
          }, config as never);
      }
      return member(scope ? write : target, prop);
    },
  });
}

/** Opens the current request's transaction if it has none yet (no-op outside a write request). */
export function openRequestTransaction(): Promise<void> {
  const scope = storage.getStore();
  if (!scope || scope.mode !== 'request' || scope.tx) return Promise.resolve();
  const { raw } = scope;
  if (scope.opening) return scope.opening;
  scope.opening = new Promise<void>((opened, failed) => {
    const outcome = new Promise<void>((resolve, reject) => {
      scope.settle = { resolve, reject };
    });
    // When BEGIN itself fails, nothing awaits `outcome` any more; its rejection must not become an
    // unhandled one (that would end the process).
    outcome.catch(() => undefined);
    scope.done = raw.transaction(async (tx) => {
      await setActor(tx as unknown as Db, scope.actor());
      scope.tx = tx as unknown as Db;
      opened();
      await outcome;
      // Set by the statement triggers of migration 0011 on the tables the statistics read.
      const [flag] = rowsOf<{ v: string | null }>(
        await (tx as unknown as Db).execute(sql`select current_setting('sidasek.stat_changed', true) as v`),
      );
      scope.statSourcesChanged = flag?.v === 'on';
    });
    // Opening failed (database down): the request fails with that error.
    scope.done.catch((err: unknown) => {
      if (!scope.tx) failed(err);
    });
  });
  return scope.opening;
}

/**
 * What a committed write request changed: whether a table the statistics read changed (false),
 * or unknown (null: manual mode, where the handler's own writes are not tracked).
 */
export interface CommittedChanges {
  statSourcesChanged: boolean | null;
}

/**
 * Runs a write handler in its scope: opens the transaction first (unless the request is multipart
 * or the mode is manual), commits when the handler returns, rolls back when it throws. `committed`
 * hears what the request changed once it has committed.
 */
export async function runInRequestScope<T>(
  raw: Db,
  files: FileStore,
  mode: TransactionMode,
  actor: () => AuditActor,
  multipart: boolean,
  handler: () => Promise<T>,
  committed?: (changes: CommittedChanges) => void,
): Promise<T> {
  const scope: RequestScope = {
    raw,
    mode,
    actor,
    tx: null,
    opening: null,
    settle: null,
    done: null,
    storedFiles: [],
    replacedFiles: [],
    statSourcesChanged: false,
  };
  openScopes++;
  try {
    return await storage.run(scope, async () => {
      if (mode === 'request' && !multipart) await openRequestTransaction();
      let result: T;
      try {
        result = await handler();
      } catch (err) {
        await finish(scope, files, err);
        throw err;
      }
      await finish(scope, files, null);
      committed?.({ statSourcesChanged: mode === 'manual' ? null : scope.statSourcesChanged });
      return result;
    });
  } finally {
    // Outside any scope getStore() answers undefined either way (the pool is used).
    if (--openScopes === 0) storage.disable();
  }
}

async function finish(scope: RequestScope, files: FileStore, error: unknown): Promise<void> {
  if (scope.opening) await scope.opening.catch(() => undefined);
  const { settle, done } = scope;
  if (!settle || !done) return;
  scope.tx = null;
  if (error === null) {
    settle.resolve();
    try {
      await done;
    } catch (err) {
      // The answer to COMMIT was lost with the connection: the transaction may well have committed,
      // so its files stay (an orphan file is harmless; a row without its file is not).
      if (!isDatabaseUnavailable(err)) await removeFiles(files, scope.storedFiles);
      throw err;
    }
    await removeFiles(files, scope.replacedFiles);
    return;
  }
  settle.reject(error);
  await done.catch(() => undefined);
  await removeFiles(files, scope.storedFiles);
}

async function removeFiles(files: FileStore, keys: string[]): Promise<void> {
  for (const key of keys) await files.delete(key).catch(() => undefined);
}

/**
 * The file store modules use. A store that keeps files in the database (`inTransaction`) writes
 * inside the request's transaction when there is one (bound to `db`, the request-scoped handle):
 * the file and its row commit or roll back together. Other stores' files stored by a request that
 * rolls back are removed again. Files a request replaced are removed only after COMMIT.
 */
export function requestScopedFiles(files: FileStore, db?: Db): FileStore {
  const scoped = db && files.inTransaction ? files.inTransaction(db) : null;
  const inTransaction = () => {
    const scope = storage.getStore();
    return scoped !== null && scope?.mode === 'request' && scope.tx !== null;
  };
  const reader = scoped ?? files;
  return {
    kind: files.kind,
    async put(bytes, extension) {
      if (inTransaction()) return scoped!.put(bytes, extension);
      const key = await files.put(bytes, extension);
      storage.getStore()?.storedFiles.push(key);
      return key;
    },
    write: (key, source) => files.write(key, source),
    get: (key) => reader.get(key),
    open: (key) => reader.open(key),
    stat: (key) => reader.stat(key),
    exists: (key) => reader.exists(key),
    keys: () => files.keys(),
    async delete(key) {
      // Inside a request transaction the row may still point at the file until COMMIT: delete after.
      // (Also for a store in the database: a delete inside a transaction that failed, as handlers
      // do when a row could not be written, would itself fail and hide the first error.)
      const scope = storage.getStore();
      if (scope?.mode === 'request' && scope.tx) scope.replacedFiles.push(key);
      else await files.delete(key);
    },
  };
}
