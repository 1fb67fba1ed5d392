// The SQL floor: the exact statements an endpoint runs, captured from the app itself (built in
// this process on the same database, each request injected while the pg client records what it
// sends: the session lookup, the access check and the endpoint's queries), then replayed by a
// minimal pg loop with no HTTP and no framework.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../../server/config.ts';
import { CONNECTION_OPTIONS, openDatabase } from '../../server/db/client.ts';
import { buildApp } from '../../server/app.ts';
import { localFileStore } from '../../server/lib/file-store.ts';
import type { FastifyInstance } from 'fastify';
import { judge, type Outcome, type Req, type Sender } from './load.ts';

export interface Statement {
  /** A named (prepared) statement's name: replayed under the same name, planned once. */
  name: string | undefined;
  text: string;
  values: unknown[] | undefined;
  rowMode: string | undefined;
  types: unknown;
}

type QueryFn = (this: pg.Client, ...args: unknown[]) => unknown;

/**
 * The app built in this process on the given database, answering injected requests and telling
 * which statements each one sent (the pg client's query method is wrapped while it runs; requests
 * go one at a time, so every statement belongs to the request in flight).
 */
export class CaptureApp {
  private readonly app: FastifyInstance;
  private readonly close_: () => Promise<void>;
  private constructor(app: FastifyInstance, close_: () => Promise<void>) {
    this.app = app;
    this.close_ = close_;
  }

  static async open(databaseUrl: string): Promise<CaptureApp> {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sidasek-floor-'));
    const config = {
      ...loadConfig({
        ...process.env,
        DATABASE_URL: databaseUrl,
        LOG_LEVEL: 'silent',
        DEMO_SEED: 'false',
        DATA_DIR: dataDir,
      }),
      logLevel: 'silent',
    };
    const database = await openDatabase({ databaseUrl, poolSize: 2 });
    // As server/serve.ts does on start (nothing to do when the app already ran on this database).
    await database.migrate();
    const app = await buildApp({
      config,
      database,
      files: localFileStore(path.join(dataDir, 'files')),
      now: () => new Date(),
    });
    await app.ready();
    return new CaptureApp(app, async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    });
  }

  /** Answers one request; `statements` are the SQL statements it sent, in order. */
  async inject(req: Req, parse = true): Promise<Outcome & { statements: Statement[] }> {
    const statements: Statement[] = [];
    const proto = pg.Client.prototype as unknown as { query: QueryFn };
    const original = proto.query;
    proto.query = function (this: pg.Client, ...args: unknown[]) {
      const [config, values] = args;
      if (typeof config === 'string')
        statements.push({
          name: undefined,
          text: config,
          values: Array.isArray(values) ? [...(values as unknown[])] : undefined,
          rowMode: undefined,
          types: undefined,
        });
      else if (config && typeof config === 'object' && 'text' in config) {
        const c = config as { name?: string; text: string; values?: unknown[]; rowMode?: string; types?: unknown };
        const v = c.values ?? (Array.isArray(values) ? (values as unknown[]) : undefined);
        statements.push({
          name: c.name,
          text: c.text,
          values: v ? [...v] : undefined,
          rowMode: c.rowMode,
          types: c.types,
        });
      }
      return original.apply(this, args);
    };
    try {
      const res = await this.app.inject({
        method: req.method,
        url: req.path,
        headers: {
          ...(req.token ? { authorization: `Bearer ${req.token}` } : {}),
          ...(req.body ? { 'content-type': 'application/json' } : {}),
        },
        ...(req.body ? { payload: req.body } : {}),
      });
      const body = res.rawPayload;
      return {
        ...judge(
          req,
          res.statusCode,
          String(res.headers['content-type'] ?? ''),
          parse ? body : null,
          body.toString('latin1', 0, 64),
        ),
        statements,
      };
    } finally {
      proto.query = original;
    }
  }

  readonly send: Sender = (req, parse) => this.inject(req, parse);

  close(): Promise<void> {
    return this.close_();
  }
}

/** Runs each request through the app and returns the statements each one sent. */
export async function captureStatements(databaseUrl: string, requests: Req[]): Promise<Statement[][]> {
  const capture = await CaptureApp.open(databaseUrl);
  try {
    const out: Statement[][] = [];
    for (const req of requests) {
      const o = await capture.inject(req, false);
      if (!o.ok) throw new Error(`Tangkapan SQL: ${req.method} ${req.path} menjawab ${o.status}: ${o.error ?? ''}`);
      out.push(o.statements);
    }
    return out;
  } finally {
    await capture.close();
  }
}

/** A pool that replays captured statements, one request's statements in order. */
export class FloorRunner {
  readonly pool: pg.Pool;
  constructor(databaseUrl: string, connections: number) {
    // The app's session settings (no JIT, no synchronized scans, no parallel workers): the same plans.
    this.pool = new pg.Pool({ connectionString: databaseUrl, max: connections, options: CONNECTION_OPTIONS });
  }

  async run(statements: Statement[]): Promise<boolean> {
    for (const s of statements) {
      const config: Record<string, unknown> = { text: s.text, values: s.values };
      if (s.name) config.name = s.name;
      if (s.rowMode) config.rowMode = s.rowMode;
      if (s.types) config.types = s.types;
      await this.pool.query(config as unknown as pg.QueryConfig);
    }
    return true;
  }

  async warm(connections: number): Promise<void> {
    const clients = await Promise.all(Array.from({ length: connections }, () => this.pool.connect()));
    for (const c of clients) c.release();
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}
