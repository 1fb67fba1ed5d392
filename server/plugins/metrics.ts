import { createServer, type Server } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps.ts';

/**
 * Latency buckets in seconds: most answers take 1–50 ms (docs/performance.md); exports, imports
 * and the monthly KGB run take seconds.
 */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** Requests no route matched (404s, the SPA's pages): one label, whatever the URL. */
const UNMATCHED = 'unmatched';

/**
 * Prometheus metrics (decision 0040) on a listener of their own, METRICS_HOST:
 * METRICS_PORT, GET /metrics. Without METRICS_PORT this does nothing: prom-client is not even
 * loaded and the request path has no hook of it (the benchmark compares the app with bare
 * node:http). Labels use the route pattern (`/api/guru/:id`), never the URL, so ids cannot grow
 * the label set.
 */
export async function registerMetrics(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { metricsPort, metricsHost } = deps.config;
  if (metricsPort === undefined) return;
  const client = await import('prom-client');
  // A registry per app, not prom-client's global one: tests build several apps in one process.
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });

  const requests = new client.Counter({
    name: 'sidasek_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status class (2xx, 4xx, 5xx)',
    labelNames: ['method', 'route', 'status_class'] as const,
    registers: [registry],
  });
  const duration = new client.Histogram({
    name: 'sidasek_http_request_duration_seconds',
    help: 'Time from the request to the last byte of the answer, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: BUCKETS,
    registers: [registry],
  });

  const poolStats = deps.database.poolStats;
  if (poolStats) {
    // Read when scraped: nothing is counted on the request path.
    new client.Gauge({
      name: 'sidasek_db_pool_connections',
      help: 'PostgreSQL pool connections by pool (read, write) and state (busy, idle)',
      labelNames: ['pool', 'state'] as const,
      registers: [registry],
      collect() {
        for (const s of poolStats()) {
          this.set({ pool: s.pool, state: 'busy' }, s.total - s.idle);
          this.set({ pool: s.pool, state: 'idle' }, s.idle);
        }
      },
    });
    for (const [name, help, value] of [
      ['sidasek_db_pool_waiting', 'Requests waiting for a free PostgreSQL pool connection', 'waiting'],
      ['sidasek_db_pool_max', 'Size limit of each PostgreSQL pool', 'max'],
    ] as const) {
      new client.Gauge({
        name,
        help,
        labelNames: ['pool'] as const,
        registers: [registry],
        collect() {
          for (const s of poolStats()) this.set({ pool: s.pool }, s[value]);
        },
      });
    }
  }

  // One callback hook after the answer is sent: it adds nothing to the time the client waits.
  app.addHook('onResponse', function metricsOnResponse(request: FastifyRequest, reply: FastifyReply, done: () => void) {
    const route = request.routeOptions.url ?? UNMATCHED;
    const method = request.method;
    requests.inc({ method, route, status_class: `${Math.floor(reply.statusCode / 100)}xx` });
    duration.observe({ method, route }, reply.elapsedTime / 1000);
    done();
  });

  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res
        .writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' })
        .end('method not allowed\n');
      return;
    }
    registry.metrics().then(
      (text) =>
        res
          .writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' })
          .end(req.method === 'HEAD' ? undefined : text),
      (err: unknown) => {
        app.log.error({ err }, 'metrics: collecting failed');
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('collecting metrics failed\n');
      },
    );
  });

  // Listens with the app (tests: app.ready()), and a port already taken fails the start loudly.
  app.addHook('onReady', async () => {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(metricsPort, metricsHost, () => {
        server.off('error', reject);
        resolve();
      });
    });
    app.log.info(`metrik Prometheus di http://${metricsHost}:${metricsPort}/metrics`);
  });
  app.addHook('onClose', async () => {
    if (!server.listening) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
}
