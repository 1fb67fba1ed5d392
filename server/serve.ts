import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { isDatabaseUnavailable } from './db/unavailable.ts';
import { ensureAdmin, seedReference, DEMO_ADMIN_PASSWORD } from './db/seed/reference.ts';
import { DEMO_SCHOOLS, DEMO_OPERATOR_PASSWORD, DEMO_PASSPHRASE, demoNeeded } from './db/seed/demo-accounts.ts';
import { buildApp } from './app.ts';
import { resyncOnce } from './modules/guru/record-basis.ts';
import { openConfiguredFileStore } from './lib/file-stores.ts';
import { gracefulShutdown } from './lib/shutdown.ts';

/**
 * Starts the server: configuration, database (migrated, reference data, the first administrator, the
 * demo when asked), file store, app; then listens, and answers the stop signals. server/main.ts runs
 * it; `npm start` (scripts/start.mjs) imports this module itself, after filling Node's compile cache
 * with it (scripts/compile-cache-prime.mjs).
 */
export async function serve(): Promise<void> {
  // A setting that cannot be used ends the start with its own message (Indonesian, and English where
  // an operator from elsewhere may read it), not a stack trace.
  const config = (() => {
    try {
      return loadConfig();
    } catch (err) {
      console.error(`Konfigurasi tidak dapat dipakai / invalid configuration:\n${(err as Error).message}`);
      process.exit(1);
    }
  })();

  // SIGTERM/SIGINT: answer "not ready" (/api/health/ready 503) and keep serving for
  // SHUTDOWN_DRAIN_MS, stop accepting connections, let the requests in progress finish (Fastify's
  // close waits for them), close the database (PGlite writes its files cleanly), exit 0. Whatever
  // is still running after SHUTDOWN_TIMEOUT_MS ends the process with exit code 1.
  let database: Database | null = null;
  let app: FastifyInstance | null = null;
  /** Marked when a signal comes: /api/health/ready answers 503 from then on. */
  const lifecycle = { shuttingDown: false };
  /** Set once the server listens; before that a signal stops the start-up between its steps. */
  let running = false;

  async function closeDatabase(): Promise<void> {
    const db = database;
    database = null;
    if (db) await db.close();
  }

  const shutdown = gracefulShutdown({
    timeoutMs: config.shutdownTimeoutMs,
    drain: () => {
      lifecycle.shuttingDown = true;
    },
    drainMs: config.shutdownDrainMs,
    stop: async (signal) => {
      app?.log.info(`${signal}: menutup server, menunggu permintaan yang berjalan`);
      await app?.close();
      await closeDatabase();
    },
    forced: closeDatabase,
  });
  process.on('SIGINT', () => void shutdown.begin('SIGINT', running));
  process.on('SIGTERM', () => void shutdown.begin('SIGTERM', running));

  class StopRequested extends Error {}
  /** Between start-up steps: a signal that came in the meantime ends the start-up cleanly. */
  const proceed = () => {
    if (shutdown.signal) throw new StopRequested(shutdown.signal);
  };

  /** PostgreSQL not up yet (both started together): wait for it instead of failing the start. */
  async function migrateWhenReachable(db: Database): Promise<void> {
    const deadline = Date.now() + 60_000;
    for (let attempt = 1; ; attempt++) {
      try {
        return await db.migrate();
      } catch (err) {
        if (!isDatabaseUnavailable(err) || Date.now() > deadline) throw err;
        if (attempt === 1) console.error(`Basis data belum dapat dihubungi (${(err as Error).message}); mencoba lagi…`);
        await new Promise((r) => setTimeout(r, 1000));
        proceed();
      }
    }
  }

  async function start(): Promise<void> {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: path.join(config.dataDir, 'pglite'),
      pgliteInitdbCache: config.pgliteInitdbCache,
      connectTimeoutMs: config.dbConnectTimeoutMs,
      statementTimeoutMs: config.dbStatementTimeoutMs,
      onPoolError: (err) =>
        app
          ? app.log.warn({ err: { message: err.message } }, 'PostgreSQL: koneksi menganggur terputus')
          : console.error(`PostgreSQL: koneksi terputus (${err.message})`),
    });
    proceed();
    await migrateWhenReachable(database);
    proceed();
    await seedReference(database.db);
    proceed();
    let admin: 'created' | 'exists';
    try {
      admin = await ensureAdmin(database.db, {
        production: config.env === 'production',
        adminPassword: config.adminPassword,
      });
    } catch (err) {
      console.error((err as Error).message);
      await closeDatabase();
      process.exit(1);
    }
    proceed();

    const files = await openConfiguredFileStore(config, database.writeDb, (message) => console.error(message));
    // The demo's making (images, PDFs) is loaded only to fill an empty database: a server that does
    // not need it does not carry it (docs/performance.md, "Memory of the app process").
    const demo =
      config.demoSeed && (await demoNeeded(database.db))
        ? await (
            await import('./db/seed/demo.ts')
          ).seedDemo(database.db, files, new Date(), config.demoPassphrase, config.signer.kind)
        : false;
    proceed();
    // The KGB rules the profiles are derived with changed since the last start: derive them again, once.
    const resynced = await resyncOnce(database.db, new Date(), config.officeTimezone);
    if (resynced)
      console.log(
        `Aturan KGB diperbarui: golongan, MKG, gaji dan TMT KGB ${resynced.toLocaleString('id-ID')} guru dihitung ulang dari riwayat SK`,
      );
    proceed();
    app = await buildApp({ config, database, files, now: () => new Date(), lifecycle });
    proceed();

    await app.listen({ port: config.port, host: config.host });
    running = true;
    if (shutdown.signal) return shutdown.begin(shutdown.signal);
    const url = `http://localhost:${config.port}`;
    const lines = [
      '',
      `Sidasek berjalan di ${url}`,
      `Basis data: ${database.kind === 'pglite' ? `PGlite tertanam (${path.join(config.dataDir, 'pglite')})` : 'PostgreSQL (DATABASE_URL)'}`,
      `Tanda tangan: ${config.signer.kind === 'bsre' ? `BSrE, Esign Client Service ${config.signer.url}` : 'kunci PKCS#12 kantor (tidak tersertifikasi)'}`,
      `Berkas unggahan: ${config.fileStore === 'local' ? path.join(config.dataDir, 'files') : config.fileStore === 'postgres' ? 'di basis data' : `S3, bucket ${config.s3!.bucket}`}`,
    ];
    if (config.env !== 'production') {
      if (admin === 'created' && !config.adminPassword)
        lines.push(`Login administrator: admin / ${DEMO_ADMIN_PASSWORD}`);
      else if (admin === 'exists')
        lines.push('Login administrator: admin (password seperti saat data dibuat; demo: README.md)');
      if (demo || config.demoSeed) {
        lines.push(`Login operator sekolah: NPSN (mis. ${DEMO_SCHOOLS[0]!.npsn}) / ${DEMO_OPERATOR_PASSWORD}`);
        // A passphrase given in DEMO_PASSPHRASE is the operator's own: not printed.
        lines.push(
          `Passphrase TTD pejabat demo: ${config.demoPassphrase === DEMO_PASSPHRASE ? DEMO_PASSPHRASE : '(nilai DEMO_PASSPHRASE)'}`,
        );
      }
    }
    console.log(lines.join('\n') + '\n');
  }

  try {
    await start();
  } catch (err) {
    if (!(err instanceof StopRequested)) throw err;
    // A signal during start-up: nothing is listening yet; close what is open and leave.
    await (app as FastifyInstance | null)?.close();
    await closeDatabase();
    console.log(`${err.message}: start dihentikan, basis data ditutup`);
    process.exit(0);
  }
}
