import type { FastifyInstance, InjectOptions } from 'fastify';
import { loadConfig, type Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { buildApp } from '../app.ts';
import { memoryFileStore } from '../lib/file-store.ts';
import { testDatabase, resetDatabase } from './test-db.ts';
import { createAdmin, createSchoolWithOperator, TEST_PASSWORD } from './factories.ts';

export interface Answer<T = unknown> {
  status: number;
  body: { diagnostic: { status: number; message: string; code?: string }; data: T };
  headers: Record<string, unknown>;
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  clock: { now: Date; advance(ms: number): void };
  files: ReturnType<typeof memoryFileStore>;
  /** A request through HTTP (inject), answering the parsed envelope. */
  call<T = unknown>(method: InjectOptions['method'], url: string, opts?: { token?: string; body?: unknown; headers?: Record<string, string> }): Promise<Answer<T>>;
  login(username: string, password?: string): Promise<string>;
  config: Config;
}

/** A fresh app on the worker's test database, emptied first; close it in afterEach/afterAll. */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const database = await testDatabase();
  await resetDatabase(database);
  const config = { ...loadConfig({ NODE_ENV: 'test' }), webDistDir: '/nonexistent', ...overrides };
  const clock = {
    now: new Date(),
    advance(ms: number) {
      this.now = new Date(this.now.getTime() + ms);
    },
  };
  const files = memoryFileStore();
  const app = await buildApp({ config, database, files, now: () => clock.now });
  await app.ready();

  const call: TestApp['call'] = async (method, url, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    const res = await app.inject({ method, url, headers, ...(opts.body !== undefined ? { payload: opts.body as never } : {}) });
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

  return { app, database, clock, call, login, config, files };
}

export { createAdmin, createSchoolWithOperator, TEST_PASSWORD };
