import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { ClientBase, ClientConfig } from 'pg';
import * as schema from './schema/index.ts';
import { isDatabaseUnavailable } from './unavailable.ts';
import { listenWithReconnect, LISTEN_APPLICATION_NAME, type NotificationHandlers } from './notifications.ts';

export type Schema = typeof schema;
/** The one database type the code uses, whichever driver sits below it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  /** Reads, and everything outside a write request. */
  db: Db;
  /**
   * Write requests' transactions and other writes. On PostgreSQL a pool of its own, so reads never
   * wait for a connection behind writes that wait for the disk (decision 0018); on PGlite `db`.
   */
  writeDb: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the SQL migrations in server/db/migrations that have not run yet. */
  migrate(): Promise<void>;
  /**
   * Hears NOTIFY on `channel` until the answered stop is called (or the database is closed). On
   * PostgreSQL over a connection of its own, opened again with backoff whenever it is lost
   * (server/db/notifications.ts); on PGlite, the one connection's own notifications.
   */
  listen(channel: string, handlers: NotificationHandlers): () => Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL: how the read and write pools are used right now (metrics); PGlite has no pool. */
  poolStats?: () => PoolStats[];
}

export interface PoolStats {
  pool: 'read' | 'write';
  /** The pool's size limit. */
  max: number;
  /** Open connections, busy or idle. */
  total: number;
  idle: number;
  /** Requests waiting for a free connection. */
  waiting: number;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export interface OpenDatabaseOptions {
  /** postgres://… switches to PostgreSQL; otherwise the embedded PGlite. */
  databaseUrl?: string | undefined;
  /** Folder of the embedded database, or 'memory://' for a throwaway one. */
  pgliteDir?: string | undefined;
  /**
   * A folder for the empty cluster a new embedded database starts from (PGLITE_INITDB_CACHE; the
   * tests and browser tests set it): the first new database runs initdb and leaves its cluster
   * there, the next ones load it instead (`freshCluster`).
   */
  pgliteInitdbCache?: string | undefined;
  /** Connection pool size on PostgreSQL, for reads (default 10). */
  poolSize?: number | undefined;
  /** Connection pool size on PostgreSQL for writes (default half of `poolSize`, at least 2). */
  writePoolSize?: number | undefined;
  /**
   * PostgreSQL: give up connecting after this long, so requests fail fast while the server is
   * down (the server passes DB_CONNECT_TIMEOUT_MS); a request then waits at most 10 s for a free
   * pooled connection. Not given (scripts, tests): no limits.
   */
  connectTimeoutMs?: number | undefined;
  /** PostgreSQL: the server cancels a statement running longer than this (not given or 0: no limit). */
  statementTimeoutMs?: number | undefined;
  /** A pooled connection failed while idle (server restarted, network cut); the default writes one line to stderr. */
  onPoolError?: ((err: Error) => void) | undefined;
}

/** How long a request waits for a free pooled connection while all are busy. */
const POOL_WAIT_MS = 10_000;

/**
 * No JIT: the app's statements are short, and a row misestimate (PostgreSQL 15 guesses 1,000
 * rows for a date generate_series) once pushed a 1 ms aggregate over jit_above_cost, adding
 * 34 ms of compilation to every call (docs/performance.md).
 *
 * No synchronized scans and no parallel workers: a broad name search takes the first 1,001
 * matches a scan meets (decision 0012), and both would make "first" differ from one request
 * to the next (a scan joining another mid-table, workers racing), so the pages of one search
 * would not fit together. Parallel workers also only compete with the other requests for
 * the server's cores.
 */
export const CONNECTION_OPTIONS = '-c jit=off -c synchronize_seqscans=off -c max_parallel_workers_per_gather=0';

export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    // Dates and timestamps stay strings/Date as drizzle expects; DATE columns come back as text
    // (YYYY-MM-DD) instead of a local-midnight Date that shifts with the server's time zone.
    pg.types.setTypeParser(1082, (v: string) => v);
    const connectTimeoutMs = opts.connectTimeoutMs ?? 0;
    const statementTimeoutMs = opts.statementTimeoutMs ?? 0;
    // Connecting gives up after connectTimeoutMs (server down: 503 at once), while waiting for a
    // free connection of a busy pool may take up to POOL_WAIT_MS: pg-pool uses one setting for
    // both, so the client class carries the shorter one.
    //
    // A checked-out connection that dies is handed back to the pool at once (which drops it):
    // drizzle's transaction() releases its connection only when BEGIN succeeded, so every BEGIN
    // that failed on a dead connection would otherwise keep a pool slot for ever, and after
    // `max` of them no request would get a connection again until a restart. Release is made
    // idempotent so drizzle's own release afterwards changes nothing.
    class PoolClientGuard extends pg.Client {
      #poolRelease: ((err?: Error | boolean) => void) | null = null;
      #released = false;
      constructor(config?: ClientConfig) {
        super({ ...config, connectionTimeoutMillis: connectTimeoutMs });
      }
      // pg-pool assigns `client.release` on every checkout.
      set release(fn: (err?: Error | boolean) => void) {
        this.#poolRelease = fn;
        this.#released = false;
      }
      get release(): (err?: Error | boolean) => void {
        return (err) => {
          if (this.#released || !this.#poolRelease) return;
          this.#released = true;
          this.#poolRelease(err);
        };
      }
      override query(...args: unknown[]): never {
        const result = (super.query as (...a: unknown[]) => unknown)(...args);
        if (result instanceof Promise) {
          result.catch((err: unknown) => {
            if (this.#poolRelease && !this.#released && isDatabaseUnavailable(err)) this.release(err as Error);
          });
        }
        return result as never;
      }
    }
    const onPoolError =
      opts.onPoolError ?? ((err: Error) => console.error(`PostgreSQL: koneksi terputus (${err.message})`));
    const makePool = (max: number) => {
      const pool = new pg.Pool({
        connectionString: opts.databaseUrl,
        max,
        Client: PoolClientGuard as unknown as new () => ClientBase,
        connectionTimeoutMillis: connectTimeoutMs > 0 ? Math.max(POOL_WAIT_MS, connectTimeoutMs) : 0,
        // TCP keepalive notices a vanished server or a cut network on idle connections.
        keepAlive: true,
        keepAliveInitialDelayMillis: 10_000,
        ...(statementTimeoutMs > 0 ? { statement_timeout: statementTimeoutMs } : {}),
        // A transaction left open (a stuck handler) does not hold its locks for ever.
        idle_in_transaction_session_timeout: 10 * 60_000,
        application_name: 'sidasek',
        options: CONNECTION_OPTIONS,
      });
      // An idle pooled connection that breaks (server restarted or killed) emits 'error' on the pool;
      // unhandled, that would end the process. The pool drops the connection and opens a new one
      // on the next request, so recovery needs no restart.
      pool.on('error', (err) => onPoolError(err));
      // A connection checked out by a transaction has no listener of pg-pool's own while busy: the
      // query in progress fails with the error, and this keeps the 'error' event from killing the process.
      pool.on('connect', (client) => {
        client.on('error', () => undefined);
      });
      return pool;
    };
    const poolSize = opts.poolSize ?? 10;
    const pool = makePool(poolSize);
    // A commit waits for the disk to flush the WAL; on a disk that stalls for half a second, every
    // write request in that time holds a connection. In their own pool they cannot take all of the
    // readers' connections (decision 0018).
    const writePool = makePool(opts.writePoolSize ?? Math.max(2, Math.ceil(poolSize / 2)));
    const db = drizzle(pool, { schema }) as unknown as Db;
    const writeDb = drizzle(writePool, { schema }) as unknown as Db;
    const listeners = new Set<() => Promise<void>>();
    return {
      db,
      writeDb,
      kind: 'postgres',
      listen: (channel, handlers) => {
        const stop = listenWithReconnect(
          () =>
            new pg.Client({
              connectionString: opts.databaseUrl,
              // Never unbounded: a listener stuck connecting would never try again.
              connectionTimeoutMillis: connectTimeoutMs || 10_000,
              // The heartbeat's query fails instead of waiting for ever on a vanished peer.
              query_timeout: 10_000,
              keepAlive: true,
              application_name: LISTEN_APPLICATION_NAME,
            }),
          channel,
          handlers,
        );
        const once = async () => {
          listeners.delete(once);
          await stop();
        };
        listeners.add(once);
        return once;
      },
      // Migrations run on their own connection without the statement timeout (an index on a
      // large table may take longer).
      migrate: async () => {
        const single = new pg.Pool({
          connectionString: opts.databaseUrl,
          max: 1,
          connectionTimeoutMillis: connectTimeoutMs > 0 ? Math.max(10_000, connectTimeoutMs) : 0,
        });
        single.on('error', (err) => onPoolError(err));
        try {
          await migrate(drizzle(single, { schema }) as never, { migrationsFolder });
        } finally {
          await single.end();
        }
      },
      close: async () => {
        await Promise.all([...listeners].map((stop) => stop()));
        await Promise.all([pool.end(), writePool.end()]);
      },
      poolStats: () =>
        (
          [
            ['read', pool],
            ['write', writePool],
          ] as const
        ).map(([name, p]) => ({
          pool: name,
          max: p.options.max,
          total: p.totalCount,
          idle: p.idleCount,
          waiting: p.waitingCount,
        })),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const dir = opts.pgliteDir ?? 'memory://';
  if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
  const fresh = dir.startsWith('memory://') || !existsSync(path.join(dir, 'PG_VERSION'));
  const cached = fresh && opts.pgliteInitdbCache ? freshCluster(opts.pgliteInitdbCache) : null;
  const client = await PGlite.create(dir, {
    extensions: { pg_trgm },
    ...(cached?.saved ? { loadDataDir: new Blob([readFileSync(cached.file)]) } : {}),
  });
  if (cached && !cached.saved) await cached.save(await client.dumpDataDir('none'));
  // As on PostgreSQL's pooled connections: a scan starts at the table's first page (decision 0012).
  await client.exec('SET synchronize_seqscans = off');
  const db = drizzle(client, { schema }) as unknown as Db;
  return {
    db,
    // One connection for everything: writes and reads take turns on it anyway.
    writeDb: db,
    kind: 'pglite',
    migrate: () => migrate(db as never, { migrationsFolder }),
    // One process holds the database: its notifications come back on the same connection, at
    // COMMIT, and none can be missed (resync once, as PostgreSQL's listener does on connecting).
    listen: (channel, handlers) => {
      const listening = client.listen(channel, handlers.notify).then(
        (unlisten) => {
          handlers.resync();
          return unlisten;
        },
        (err: unknown) => {
          handlers.lost(err as Error);
          return null;
        },
      );
      return async () => {
        const unlisten = await listening;
        if (unlisten && !client.closed) await unlisten().catch(() => undefined);
      };
    },
    close: () => client.close(),
  };
}

/**
 * The empty cluster a new embedded database starts from, kept in `folder` for the installed PGlite.
 * PGlite makes a new cluster by running initdb in WebAssembly: about 5.7 s of CPU, where loading
 * the same cluster from its tarball (PGlite's `loadDataDir`) takes 1.4 s. The tests and browser
 * tests make dozens of new databases in a run (docs/performance.md, "CI time"). Written to a
 * temporary name and renamed, so a process reading it never sees half of it.
 */
function freshCluster(folder: string): { file: string; saved: boolean; save: (tar: Blob) => Promise<void> } {
  // The package's own folder (its package.json is not among its exports): the entry's nearest.
  let pkg = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(path.join(pkg, 'package.json'))) pkg = path.dirname(pkg);
  const { version } = JSON.parse(readFileSync(path.join(pkg, 'package.json'), 'utf8')) as { version: string };
  const file = path.join(folder, `pglite-${version}-initdb.tar`);
  return {
    file,
    saved: existsSync(file),
    save: async (tar) => {
      mkdirSync(folder, { recursive: true });
      const partial = `${file}.${process.pid}.part`;
      writeFileSync(partial, Buffer.from(await tar.arrayBuffer()));
      renameSync(partial, file);
    },
  };
}

/** Rows of a raw `db.execute(sql…)` answer; both drivers answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * `column = any(ids)` with the ids as one parameter (an int[] literal). Drizzle's `inArray` makes a
 * parameter per id, and building a statement of thousands of them holds the event loop for tens of
 * milliseconds (a province's month of 4,000 teachers); one array parameter costs nothing to build.
 */
export function anyId(column: SQLWrapper, ids: readonly number[]): SQL {
  return sql`${column} = any(${arrayLiteral(ids.map((id) => Math.trunc(id)))}::int[])`;
}

/**
 * A PostgreSQL array literal of `values`, to pass a whole column as one parameter (`unnest($1::text[])`):
 * each string quoted with its `"` and `\` escaped, null as NULL. Drizzle would make a parameter of
 * every element.
 */
export function arrayLiteral(values: readonly (string | number | null)[]): string {
  const element = (v: string | number | null) =>
    v === null ? 'NULL' : typeof v === 'number' ? String(v) : `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`;
  return `{${values.map(element).join(',')}}`;
}
