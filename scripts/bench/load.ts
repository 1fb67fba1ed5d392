// Load generation: an open-loop Poisson generator for latency (each request is timed from the
// moment it was meant to be sent, so a slow server cannot slow the arrivals down and hide its own
// queueing: no coordinated omission), and a closed loop with N connections for throughput.
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import type { Rng } from './rng.ts';

export { rng, type Rng } from './rng.ts';

export interface Req {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  body?: string;
  token?: string;
  /** What a good answer is: the JSON envelope with status 200, or a PDF. */
  expect: 'envelope' | 'pdf';
}

export interface Outcome {
  ok: boolean;
  status: number;
  /** Why it failed (status, envelope, timeout, connection error). */
  error?: string;
  /** The parsed body when asked for (verification), else undefined. */
  json?: unknown;
}

/** Sends a request and judges the answer (HttpTarget.send, or an in-process inject). */
export type Sender = (req: Req, parse?: boolean) => Promise<Outcome>;

/** Judges an answer: the JSON envelope with status 200, or a PDF. */
export function judge(req: Req, status: number, contentType: string, body: Buffer | null, head: string): Outcome {
  const start = body ? body.toString('latin1', 0, 64) : head;
  if (req.expect === 'pdf') {
    const isPdf = status === 200 && contentType.startsWith('application/pdf') && start.startsWith('%PDF');
    return isPdf ? { ok: true, status } : { ok: false, status, error: `HTTP ${status}, bukan PDF` };
  }
  if (status < 200 || status >= 300 || !start.startsWith(ENVELOPE_OK))
    return { ok: false, status, error: `HTTP ${status}${body ? `: ${body.toString('utf8', 0, 200)}` : ''}` };
  if (!body) return { ok: true, status };
  try {
    const json = JSON.parse(body.toString('utf8')) as { diagnostic?: { status?: number }; data?: unknown };
    if (json.diagnostic?.status !== 200 || !('data' in json))
      return { ok: false, status, error: 'amplop tidak sesuai', json };
    return { ok: true, status, json };
  } catch {
    return { ok: false, status, error: 'JSON tidak valid' };
  }
}

const ENVELOPE_OK = '{"diagnostic":{"status":200';

export class HttpTarget {
  readonly agent: http.Agent;
  readonly host: string;
  readonly port: number;
  constructor(host: string, port: number, maxSockets = 512) {
    this.host = host;
    this.port = port;
    this.agent = new http.Agent({ keepAlive: true, maxSockets, maxFreeSockets: maxSockets, scheduling: 'fifo' });
  }

  /** Sends one request; `parse` reads the whole JSON body (verification), else only its start. */
  readonly send: Sender = (req, parse = false) => this.request(req, parse);

  request(req: Req, parse = false, timeoutMs = 15_000): Promise<Outcome> {
    return new Promise((resolve) => {
      const headers: http.OutgoingHttpHeaders = {
        accept: req.expect === 'pdf' ? 'application/pdf' : 'application/json',
      };
      if (req.token) headers.authorization = `Bearer ${req.token}`;
      if (req.body !== undefined) {
        headers['content-type'] = 'application/json';
        headers['content-length'] = Buffer.byteLength(req.body);
      }
      let done = false;
      const finish = (o: Outcome) => {
        if (done) return;
        done = true;
        resolve(o);
      };
      const r = http.request(
        { host: this.host, port: this.port, method: req.method, path: req.path, headers, agent: this.agent },
        (res) => {
          const chunks: Buffer[] = [];
          let head = '';
          res.on('data', (c: Buffer) => {
            if (parse) chunks.push(c);
            else if (head.length < 64) head += c.toString('latin1', 0, Math.min(c.length, 64));
          });
          res.on('end', () =>
            finish(
              judge(
                req,
                res.statusCode ?? 0,
                String(res.headers['content-type'] ?? ''),
                parse ? Buffer.concat(chunks) : null,
                head,
              ),
            ),
          );
          res.on('error', (e) => finish({ ok: false, status: res.statusCode ?? 0, error: e.message }));
        },
      );
      r.setTimeout(timeoutMs, () => {
        r.destroy(new Error('timeout'));
      });
      r.on('error', (e) => finish({ ok: false, status: 0, error: e.message }));
      if (req.body !== undefined) r.end(req.body);
      else r.end();
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/** Waits until a server started by the benchmark answers /api/health. */
export async function waitHealthy(target: HttpTarget, label: string, timeoutMs = 180_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const o = await target.request({ method: 'GET', path: '/api/health', expect: 'envelope' }, false, 2000);
    if (o.ok) return;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${label} tidak menjawab /api/health dalam ${timeoutMs / 1000} s`);
}

/**
 * The environment of the app measured as a process of its own (server/main.ts, or a build's): its
 * database, a port on the loopback address and a data folder; warnings only in its log, no demo
 * data, and the administrator the database already has. A benchmark adds what is its own.
 */
export function appEnv(databaseUrl: string, port: number, dataDir: string): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DEMO_SEED: 'false',
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: '',
  };
}

/**
 * The command-line options of a measured series that bench.ts and cluster.ts share: `--force` (run
 * on a busy machine), the rates, each run's duration and repeats, the saturation run's duration and
 * warm-up, its connections, and the random seed; the script gives its own saturation defaults.
 */
export const seriesOptions = (d: { satDuration: string; satWarmup: string; connections: string }) =>
  ({
    force: { type: 'boolean', default: false },
    rates: { type: 'string', default: '100,300' },
    duration: { type: 'string', default: '30' },
    repeats: { type: 'string', default: '3' },
    'sat-duration': { type: 'string', default: d.satDuration },
    'sat-warmup': { type: 'string', default: d.satWarmup },
    connections: { type: 'string', default: d.connections },
    seed: { type: 'string', default: '42' },
  }) as const;

/**
 * The processes a benchmark starts (the app, its peers, the balancer): each one's stderr is kept
 * and printed if it ends before `stop()`; `run` exits with main's code and stops them all on an
 * error or Ctrl-C. bench.ts and cluster.ts.
 */
export class Children {
  private readonly list: ChildProcess[] = [];
  private stopping = false;
  private readonly cwd: string;
  private readonly log: (msg: string) => void;
  constructor(cwd: string, log: (msg: string) => void) {
    this.cwd = cwd;
    this.log = log;
  }

  start(label: string, command: string, argv: string[], env: NodeJS.ProcessEnv): ChildProcess {
    const child = spawn(command, argv, {
      cwd: this.cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (c: Buffer) => {
      stderr += c.toString();
      if (stderr.length > 20_000) stderr = stderr.slice(-10_000);
    });
    child.on('exit', (code, signal) => {
      if (!this.stopping) this.log(`${label} berhenti (kode ${code}, sinyal ${signal}):\n${stderr.slice(-3000)}`);
    });
    this.list.push(child);
    return child;
  }

  stop(): void {
    this.stopping = true;
    for (const c of this.list) if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
  }

  run(main: () => Promise<number>): void {
    process.on('SIGINT', () => {
      this.stop();
      process.exit(130);
    });
    main().then(
      (code) => process.exit(code),
      (err: unknown) => {
        console.error(err);
        this.stop();
        process.exit(1);
      },
    );
  }
}

/** Latency samples (ms) and errors of one endpoint in one run. */
export class Series {
  readonly latencies: number[] = [];
  errors = 0;
  readonly errorSamples: string[] = [];
  add(ms: number, o: Outcome): void {
    this.latencies.push(ms);
    if (!o.ok) {
      this.errors++;
      if (this.errorSamples.length < 3 && o.error) this.errorSamples.push(o.error);
    }
  }
}

/** The p-th percentile (0-100) by nearest rank, or NaN when there are no samples. */
export function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1]!;
}

export function median(values: number[]): number {
  if (!values.length) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export interface OpenLoopResult {
  /** Per series key (endpoint), latencies measured from the intended send time. */
  series: Map<string, Series>;
  sent: number;
  /** How late the generator itself sent requests (ms): p99 and max, to show it kept up. */
  sendLagP99: number;
  sendLagMax: number;
  durationMs: number;
}

/**
 * Open loop: arrivals are a Poisson process at `rate` per second for `durationMs`. Each request is
 * timed from its intended send time; the generator never waits for answers, so a slow server
 * builds a queue that shows up in the latencies instead of lowering the offered rate.
 * `next` chooses the request and the series key for it; `onDone` sees each answer.
 */
export async function openLoop(opts: {
  target: HttpTarget;
  rate: number;
  durationMs: number;
  random: Rng;
  next: (intendedAt: number) => { key: string; req: Req };
  onDone?: (key: string, req: Req, o: Outcome, sentAt: number, endAt: number) => void;
}): Promise<OpenLoopResult> {
  const { target, rate, durationMs, random } = opts;
  const series = new Map<string, Series>();
  const lags: number[] = [];
  const inflight = new Set<Promise<void>>();
  const start = performance.now() + 20;
  let intended = start;
  let sent = 0;
  for (;;) {
    intended += (-Math.log(1 - random()) / rate) * 1000;
    if (intended - start >= durationMs) break;
    const wait = intended - performance.now();
    // setTimeout is coarse (≥1 ms); a request due within a millisecond is sent now.
    if (wait > 1) await sleep(wait - 0.5);
    const at = intended;
    const { key, req } = opts.next(at);
    const sentAt = performance.now();
    lags.push(Math.max(0, sentAt - at));
    sent++;
    const p: Promise<void> = target.send(req).then((o) => {
      const end = performance.now();
      let s = series.get(key);
      if (!s) series.set(key, (s = new Series()));
      s.add(end - at, o);
      opts.onDone?.(key, req, o, sentAt, end);
      inflight.delete(p);
    });
    inflight.add(p);
  }
  await Promise.all(inflight);
  return {
    series,
    sent,
    sendLagP99: percentile(lags, 99),
    sendLagMax: lags.length ? Math.max(...lags) : 0,
    durationMs,
  };
}

/**
 * Closed loop: `connections` workers each send their next request as soon as the previous one is
 * answered, for `warmupMs` (not counted) and then `durationMs`. Returns completed requests per
 * second and the errors. `work` is an HTTP request or any async unit (the SQL floor).
 */
export async function closedLoop(opts: {
  connections: number;
  warmupMs: number;
  durationMs: number;
  work: (worker: number, i: number) => Promise<boolean>;
}): Promise<{ rps: number; completed: number; errors: number; all: number }> {
  const { connections, warmupMs, durationMs } = opts;
  const t0 = performance.now();
  const measureFrom = t0 + warmupMs;
  const end = measureFrom + durationMs;
  let completed = 0;
  let errors = 0;
  let counter = 0;
  let all = 0;
  const worker = async (w: number) => {
    while (performance.now() < end) {
      const good = await opts.work(w, counter++).catch(() => false);
      all++;
      const now = performance.now();
      if (now >= measureFrom && now < end) {
        completed++;
        if (!good) errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, (_, w) => worker(w)));
  return { rps: completed / (durationMs / 1000), completed, errors, all };
}
