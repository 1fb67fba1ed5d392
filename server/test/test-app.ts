import type { FastifyInstance, InjectOptions } from 'fastify';
import { loadConfig, type Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { buildApp } from '../app.ts';
import { waktuKantor, type WaktuKantor } from '../domain/waktu-kantor.ts';
import { memoryFileStore, type FileStore } from '../lib/file-store.ts';
import { testDatabase, resetDatabase } from './test-db.ts';
import { createAdmin, createSchoolWithOperator, SCHOOL_A, SD_JAILOLO, TEST_PASSWORD } from './factories.ts';

export interface Answer<T = unknown> {
  status: number;
  body: { diagnostic: { status: number; message: string; code?: string }; data: T };
  headers: Record<string, unknown>;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** A multipart form: text fields and files (field name → bytes). */
  form?: {
    fields?: Record<string, string>;
    files?: Record<string, { bytes: Buffer; filename?: string; type?: string }>;
  };
}

/** Encodes a multipart/form-data body by hand, byte for byte as a browser sends it. */
export function encodeMultipart(form: NonNullable<CallOptions['form']>): { payload: Buffer; contentType: string } {
  const boundary = `----sidasek${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(form.fields ?? {})) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const [name, file] of Object.entries(form.files ?? {})) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${file.filename ?? 'foto.jpg'}"\r\nContent-Type: ${file.type ?? 'image/jpeg'}\r\n\r\n`,
      ),
    );
    chunks.push(file.bytes, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  clock: { now: Date; advance(ms: number): void };
  /** The app's file store: memory unless `createTestApp` was given another. */
  files: ReturnType<typeof memoryFileStore>;
  /** A request through HTTP (inject), answering the parsed envelope. */
  call<T = unknown>(method: InjectOptions['method'], url: string, opts?: CallOptions): Promise<Answer<T>>;
  login(username: string, password?: string): Promise<string>;
  config: Config;
  /** The app's office clock (AppDeps.waktu): its zone follows the saved office profile. */
  waktu: WaktuKantor;
}

/** A fresh app on the worker's test database, emptied first; close it in afterEach/afterAll. */
export async function createTestApp(
  overrides: Partial<Config> = {},
  opts: { files?: (database: Database) => FileStore } = {},
): Promise<TestApp> {
  const database = await testDatabase();
  await resetDatabase(database);
  const config = { ...loadConfig({ NODE_ENV: 'test' }), webDistDir: '/nonexistent', ...overrides };
  const clock = {
    now: new Date(),
    advance(ms: number) {
      this.now = new Date(this.now.getTime() + ms);
    },
  };
  const files = (opts.files?.(database) ?? memoryFileStore()) as ReturnType<typeof memoryFileStore>;
  const waktu = waktuKantor(config.officeTimezone);
  const app = await buildApp({ config, database, files, now: () => clock.now, waktu });
  await app.ready();

  const call: TestApp['call'] = async (method, url, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let payload: unknown = opts.body;
    if (opts.form) {
      const encoded = encodeMultipart(opts.form);
      headers['content-type'] = encoded.contentType;
      payload = encoded.payload;
    }
    const res = await app.inject({
      method,
      url,
      headers,
      ...(payload !== undefined ? { payload: payload as never } : {}),
    });
    let body;
    try {
      body = res.json();
    } catch {
      body = { diagnostic: { status: -1, message: `not JSON: ${res.body.slice(0, 200)}` }, data: null };
    }
    return { status: res.statusCode, body, headers: res.headers };
  };

  const login = async (username: string, password = TEST_PASSWORD) => {
    const res = await call<{ access_token: string }>('POST', '/api/token', { body: { username, password } });
    if (res.status !== 200) throw new Error(`login ${username} failed: ${res.status} ${res.body.diagnostic.message}`);
    return res.body.data.access_token;
  };

  return { app, database, clock, call, login, config, files, waktu };
}

export { createAdmin, createSchoolWithOperator, SCHOOL_A, SD_JAILOLO, TEST_PASSWORD };

/**
 * A fresh app with the administrator and one school (NPSN `npsn`) with its operator; the
 * administrator signed in.
 */
export async function oneSchoolApp(npsn = '60200100'): Promise<{ t: TestApp; schoolId: number; admin: string }> {
  const t = await createTestApp();
  await createAdmin(t.database.db);
  const { school } = await createSchoolWithOperator(t.database.db, { npsn });
  return { t, schoolId: school.id, admin: await t.login('admin') };
}

/**
 * A fresh app with the administrator and two schools, A (NPSN 60200100) and B (60200200), each with
 * its operator; the three signed in, in that order.
 */
export async function twoSchoolsApp(): Promise<{
  t: TestApp;
  schoolA: number;
  schoolB: number;
  admin: string;
  opA: string;
  opB: string;
}> {
  const t = await createTestApp();
  await createAdmin(t.database.db);
  const a = await createSchoolWithOperator(t.database.db, { npsn: '60200100' });
  const b = await createSchoolWithOperator(t.database.db, { npsn: '60200200' });
  const admin = await t.login('admin');
  const opA = await t.login('60200100');
  const opB = await t.login('60200200');
  return { t, schoolA: a.school.id, schoolB: b.school.id, admin, opA, opB };
}
