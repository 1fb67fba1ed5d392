// Liveness and readiness: /api/health/live says the process answers and never asks
// the database; /api/health/ready says "send me requests": the database answers within the
// timeout and no graceful shutdown has begun. /api/health keeps its SPEC answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { MSG } from '#contract/messages.ts';
import { loadConfig } from '../../config.ts';
import { buildApp } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { memoryFileStore } from '../../lib/file-store.ts';
import { refusingDatabase } from '../../test/test-db.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { within } from '../../test/wall-clock.ts';

describe('database up', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.app.close();
  });

  it('live: 200 envelope, no store', async () => {
    const res = await t.call('GET', '/api/health/live');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ diagnostic: { status: 200, message: MSG.healthLive }, data: { status: 'ok' } });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('ready: 200 envelope with the database kind', async () => {
    const res = await t.call<{ database: string; status: string }>('GET', '/api/health/ready');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      diagnostic: { status: 200, message: MSG.healthReady },
      data: { database: t.database.kind, status: 'ok' },
    });
  });

  it('/api/health answers as before', async () => {
    const res = await t.call('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      diagnostic: { status: 200, message: MSG.healthOk },
      data: { database: t.database.kind, status: 'ok' },
    });
  });

  describe('once a graceful shutdown began', () => {
    // The lifecycle server/main.ts passes to the app and marks when SIGTERM arrives.
    const lifecycle = { shuttingDown: false };
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await buildApp({
        config: t.config,
        database: t.database,
        files: t.files,
        now: () => new Date(),
        lifecycle,
      });
      await app.ready();
    });
    afterAll(async () => {
      await app.close();
    });

    it('ready: 503 shutting_down, while live and /api/health still answer 200', async () => {
      expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
      lifecycle.shuttingDown = true;
      const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        diagnostic: { status: 503, message: MSG.healthShuttingDown, code: 'health.shutting_down' },
        data: null,
      });
      expect(ready.headers['cache-control']).toBe('no-store');
      expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    });
  });
});

describe('database down (PostgreSQL refusing connections)', () => {
  let database: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await refusingDatabase();
    app = await buildApp({
      config: { ...loadConfig({ NODE_ENV: 'test' }), webDistDir: '/nonexistent' },
      database,
      files: memoryFileStore(),
      now: () => new Date(),
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('live: 200 at once, without asking the database', async () => {
    const t0 = performance.now();
    const res = await app.inject({ method: 'GET', url: '/api/health/live' });
    expect(res.statusCode).toBe(200);
    within(performance.now() - t0, 100, 'live');
  });

  it('ready: 503 database_down within 2 s', async () => {
    const t0 = performance.now();
    const res = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      diagnostic: { status: 503, message: MSG.healthDbDown, code: 'health.database_down' },
      data: null,
    });
    within(performance.now() - t0, 2000, 'ready');
  });
});
