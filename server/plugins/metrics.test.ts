// Prometheus metrics: with METRICS_PORT set, a second listener answers the exposition
// text (requests per route pattern and status class, latency histograms, pool usage on PostgreSQL,
// event-loop lag); unset, nothing listens and the request path carries no hook of the metrics.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { memoryFileStore } from '../lib/file-store.ts';
import { createAdmin, createTestApp, type TestApp } from '../test/test-app.ts';
import { testDatabase } from '../test/test-db.ts';
import { freePort } from '../test/free-port.ts';

const listeners = () => process.getActiveResourcesInfo().filter((r) => r === 'TCPServerWrap').length;

describe('METRICS_PORT set', () => {
  let t: TestApp;
  let port: number;
  let closed = false;
  beforeAll(async () => {
    port = await freePort();
    t = await createTestApp({ metricsPort: port, metricsHost: '127.0.0.1' });
  });
  afterAll(async () => {
    if (!closed) await t?.app.close();
  });

  const scrape = async () => {
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
  };

  it('counts requests by route pattern and status class, with latency histograms', async () => {
    await createAdmin(t.database.db);
    const token = await t.login('admin');
    for (const id of [5, 6, 424242]) expect((await t.call('GET', `/api/guru/${id}`, { token })).status).toBe(404);
    expect((await t.call('GET', '/api/health/live')).status).toBe(200);
    expect((await t.call('GET', '/api/tidak-ada/777777')).status).toBe(404);

    const { status, type, text } = await scrape();
    expect(status).toBe(200);
    expect(type).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(text).toContain('sidasek_http_requests_total{method="GET",route="/api/guru/:id",status_class="4xx"} 3');
    expect(text).toContain('sidasek_http_requests_total{method="GET",route="/api/health/live",status_class="2xx"} 1');
    expect(text).toContain('sidasek_http_requests_total{method="POST",route="/api/token",status_class="2xx"} 1');
    expect(text).toMatch(
      /sidasek_http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/api\/guru\/:id"\} 3/,
    );
    expect(text).toMatch(/sidasek_http_request_duration_seconds_count\{method="GET",route="\/api\/guru\/:id"\} 3/);
    // Unknown routes share one label; raw URLs and ids never become labels.
    expect(text).toContain('route="unmatched"');
    for (const raw of ['/api/guru/5', '424242', '777777']) expect(text).not.toContain(raw);
  });

  it('reports event-loop lag and the process defaults', async () => {
    const { text } = await scrape();
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d/m);
  });

  it('reports the pools on PostgreSQL, nothing of them on PGlite', async () => {
    const { text } = await scrape();
    if (t.database.kind === 'postgres') {
      for (const pool of ['read', 'write']) {
        expect(text).toMatch(new RegExp(`^sidasek_db_pool_max\\{pool="${pool}"\\} \\d+`, 'm'));
        for (const state of ['idle', 'busy'])
          expect(text).toMatch(
            new RegExp(`^sidasek_db_pool_connections\\{pool="${pool}",state="${state}"\\} \\d+`, 'm'),
          );
        expect(text).toMatch(new RegExp(`^sidasek_db_pool_waiting\\{pool="${pool}"\\} \\d+`, 'm'));
      }
      expect(text).toMatch(/^sidasek_db_pool_connections\{pool="read",state="idle"\} [1-9]/m);
    } else {
      expect(text).not.toContain('sidasek_db_pool');
    }
  });

  it('answers only GET /metrics', async () => {
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${port}/metrics`, { method: 'POST' })).status).toBe(405);
  });

  it('the hook is on the request path', () => {
    expect(t.app.printRoutes({ includeHooks: true, commonPrefix: false })).toContain('metricsOnResponse');
  });

  it('the metrics port closes with the app', async () => {
    closed = true;
    await t.app.close();
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });
});

describe('METRICS_PORT unset', () => {
  it('nothing listens and no metrics hook is registered', async () => {
    const config = { ...loadConfig({ NODE_ENV: 'test', METRICS_HOST: '127.0.0.1' }), webDistDir: '/nonexistent' };
    expect(config.metricsPort).toBeUndefined();
    const before = listeners();
    const app = await buildApp({
      config,
      database: await testDatabase(),
      files: memoryFileStore(),
      now: () => new Date(),
    });
    await app.ready();
    try {
      expect(listeners()).toBe(before);
      const hooks = app.printRoutes({ includeHooks: true, commonPrefix: false });
      expect(hooks).toContain('onResponse');
      expect(hooks).not.toContain('metricsOnResponse');
      expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});

describe('configuration', () => {
  it('METRICS_PORT must be a port other than PORT; METRICS_HOST defaults to the loopback', () => {
    expect(loadConfig({ METRICS_PORT: '9464' })).toMatchObject({ metricsPort: 9464, metricsHost: '127.0.0.1' });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' })).toMatchObject({ metricsHost: '10.0.0.5' });
    expect(() => loadConfig({ METRICS_PORT: 'abc' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ PORT: '3000', METRICS_PORT: '3000' })).toThrow(/METRICS_PORT/);
  });
});
