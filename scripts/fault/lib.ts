// Shared pieces of the fault tests (scripts/fault/*.ts): a throwaway PostgreSQL cluster, the API
// as a child process, timed HTTP calls, and the result file each scenario writes.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  chownSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  realpathSync,
  rmSync,
  writeFileSync,
  type WriteStream,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { serverArgs } from '../server-command.mjs';
import { freePort } from '../../server/test/free-port.ts';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const PG_BIN = process.env.PG_BIN || '/usr/lib/postgresql/15/bin';
/** Where scenario results and logs go (run.sh sets it; one folder per run). */
export const OUT_DIR = path.resolve(process.env.FAULT_OUT || path.join(ROOT, '.tmp/faults'));

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
export const now = () => performance.now();

export function log(scenario: string, message: string): void {
  const t = new Date().toISOString().slice(11, 23);
  console.log(`[${t}] ${scenario}: ${message}`);
}

const asRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL program as the cluster's owner (postgres when we are root). */
function pgRun(
  program: string,
  args: string[],
  opts: { allowFail?: boolean } = {},
): { status: number; output: string } {
  const cmd = asRoot ? 'runuser' : path.join(PG_BIN, program);
  const argv = asRoot ? ['-u', 'postgres', '--', path.join(PG_BIN, program), ...args] : args;
  const r = spawnSync(cmd, argv, { encoding: 'utf8', timeout: 120_000 });
  const output = `${r.stdout ?? ''}${r.stderr ?? ''}`;
  if (r.status !== 0 && !opts.allowFail)
    throw new Error(`${program} ${args.join(' ')} failed (${r.status}): ${output}`);
  return { status: r.status ?? -1, output };
}

function pidAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // A zombie has exited (and let go of shared memory); only its process-table entry remains.
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

function childrenOf(ppid: number): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) === ppid) out.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

export interface ClusterOptions {
  /** false: the negative control: commits are acknowledged before their WAL is written. */
  durable: boolean;
}

/**
 * A PostgreSQL 15 cluster of our own in a temporary folder, on its own port and socket folder:
 * the shared server at 127.0.0.1:5432 is never touched.
 */
export class Cluster {
  readonly dir: string;
  readonly data: string;
  readonly socketDir: string;
  readonly logFile: string;
  port = 0;

  readonly name: string;
  readonly opts: ClusterOptions;
  constructor(name: string, opts: ClusterOptions) {
    this.name = name;
    this.opts = opts;
    mkdirSync('/tmp', { recursive: true });
    this.dir = mkdtempSync(path.join(os.tmpdir(), `sidasek-fault-${name}-`));
    this.data = path.join(this.dir, 'pgdata');
    this.socketDir = path.join(this.dir, 'sock');
    this.logFile = path.join(this.dir, 'postgres.log');
    mkdirSync(this.socketDir);
    if (asRoot) {
      const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
      const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
      for (const p of [this.dir, this.socketDir]) chownSync(p, uid, gid);
    }
  }

  async init(): Promise<void> {
    this.port = await freePort();
    pgRun('initdb', [
      '-D',
      this.data,
      '-A',
      'trust',
      '-U',
      'postgres',
      '--no-instructions',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
    ]);
    const settings = [
      `port = ${this.port}`,
      `listen_addresses = '127.0.0.1'`,
      `unix_socket_directories = '${this.socketDir}'`,
      'max_connections = 60',
      'shared_buffers = 64MB',
      `log_min_messages = warning`,
      ...(this.opts.durable
        ? ['fsync = on', 'synchronous_commit = on', 'full_page_writes = on']
        : [
            // Durability switched off: COMMIT answers before its WAL is written; the WAL writer
            // writes only every 10 s and flushes (almost) never; nothing is fsynced.
            'synchronous_commit = off',
            'wal_writer_delay = 10000ms',
            'wal_writer_flush_after = 1GB',
            'wal_buffers = 64MB',
            'fsync = off',
          ]),
    ];
    const conf = path.join(this.data, 'postgresql.conf');
    writeFileSync(conf, `${readFileSync(conf, 'utf8')}\n# sidasek fault test\n${settings.join('\n')}\n`);
    this.start();
    await this.query('postgres', 'CREATE DATABASE sidasek');
  }

  /** Starts the server (after a crash this runs crash recovery first); answers the ms it took. */
  start(): number {
    const t0 = now();
    // Left-over processes of a killed server must be gone first (they hold its shared memory).
    // A killed postmaster may stay a zombie until PID 1 reaps it, and PostgreSQL takes a zombie
    // for a running postmaster: once only zombies are left, its lock file goes.
    for (let i = 0; i < 100 && this.tracked.some((pid) => existsSync(`/proc/${pid}`)); i++) {
      if (!this.survivors().length && i >= 20) break;
      spawnSync('sleep', ['0.05']);
    }
    if (this.survivors().length)
      throw new Error(`PostgreSQL processes ${this.survivors().join(', ')} still running after kill -9`);
    if (this.tracked.length) rmSync(path.join(this.data, 'postmaster.pid'), { force: true });
    this.tracked = [];
    const args = ['-D', this.data, '-l', this.logFile, '-w', '-t', '120', 'start'];
    for (let attempt = 1; ; attempt++) {
      const r = pgRun('pg_ctl', args, { allowFail: true });
      if (r.status === 0) break;
      const tail = existsSync(this.logFile)
        ? readFileSync(this.logFile, 'utf8').trim().split('\n').slice(-6).join('\n')
        : '';
      if (attempt >= 3) throw new Error(`pg_ctl start failed: ${r.output}\n${tail}`);
      // Left-over processes (a backend forked during the kill) may still hold the shared memory.
      for (const pid of this.processes()) process.kill(pid, 'SIGKILL');
      spawnSync('sleep', ['1']);
    }
    return now() - t0;
  }

  /** pg_ctl stop (fast: sessions are ended, a clean shutdown checkpoint is written). */
  stop(mode: 'fast' | 'immediate' = 'fast'): void {
    pgRun('pg_ctl', ['-D', this.data, '-m', mode, '-w', '-t', '60', 'stop'], { allowFail: true });
  }

  postmasterPid(): number | null {
    const file = path.join(this.data, 'postmaster.pid');
    if (!existsSync(file)) return null;
    const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
    return pid && pidAlive(pid) ? pid : null;
  }

  private tracked: number[] = [];
  private survivors(): number[] {
    return this.tracked.filter(pidAlive);
  }

  /** Processes of this cluster: their working directory is the data folder. */
  private processes(): number[] {
    const out: number[] = [];
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        if (readlinkSync(`/proc/${entry}/cwd`) === this.realData && pidAlive(Number(entry))) out.push(Number(entry));
      } catch {
        // gone meanwhile, or not ours to look at
      }
    }
    return out;
  }

  private get realData(): string {
    return realpathSync(this.data);
  }

  /**
   * kill -9 of the postmaster and every one of its processes, as a machine crash or the OOM killer
   * would: shared memory (WAL buffers not yet written) is lost; what was written survives. The
   * postmaster goes first (it forks no more), then every process working in the data folder,
   * again until none is left. Answers the number of processes killed.
   */
  killHard(): number {
    const pm = this.postmasterPid();
    if (!pm) throw new Error('postmaster not running');
    const killed = new Set<number>();
    const kill = (pid: number) => {
      try {
        process.kill(pid, 'SIGKILL');
        killed.add(pid);
      } catch {
        // already gone
      }
    };
    // Listed before the postmaster dies: its orphans are reparented at once.
    const children = childrenOf(pm);
    kill(pm);
    for (const pid of children) kill(pid);
    for (let round = 0; round < 50; round++) {
      const left = this.processes();
      if (!left.length) break;
      for (const pid of left) kill(pid);
      spawnSync('sleep', ['0.02']);
    }
    this.tracked = [...killed];
    return killed.size;
  }

  url(db = 'sidasek'): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${db}`;
  }

  async query<T = Record<string, unknown>>(db: string, text: string, values: unknown[] = []): Promise<T[]> {
    const client = new pg.Client({ connectionString: this.url(db) });
    await client.connect();
    try {
      return (await client.query(text, values)).rows as T[];
    } finally {
      await client.end();
    }
  }

  destroy(keep = false): void {
    if (this.postmasterPid()) this.stop('immediate');
    if (!keep) rmSync(this.dir, { recursive: true, force: true });
  }
}

export interface ApiOptions {
  databaseUrl?: string;
  dataDir: string;
  port: number;
  env?: Record<string, string>;
  logFile: string;
}

/** The API as a child process (node --import tsx server/main.ts), as it runs in production. */
export class Api {
  proc: ChildProcess | null = null;
  private out: WriteStream;
  starts = 0;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }> | null = null;

  readonly opts: ApiOptions;
  constructor(opts: ApiOptions) {
    this.opts = opts;
    mkdirSync(path.dirname(opts.logFile), { recursive: true });
    this.out = createWriteStream(opts.logFile, { flags: 'a' });
  }

  get base(): string {
    return `http://127.0.0.1:${this.opts.port}`;
  }

  get pid(): number | undefined {
    return this.proc?.pid;
  }

  alive(): boolean {
    return !!this.proc && this.proc.exitCode === null && this.proc.signalCode === null;
  }

  start(): void {
    this.starts++;
    this.out.write(`\n===== start #${this.starts} ${new Date().toISOString()} =====\n`);
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      NODE_ENV: 'development',
      PORT: String(this.opts.port),
      HOST: '127.0.0.1',
      DATA_DIR: this.opts.dataDir,
      DEMO_SEED: '1',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: '/nonexistent',
      PUBLIC_URL: `http://127.0.0.1:${this.opts.port}`,
      ...(this.opts.databaseUrl ? { DATABASE_URL: this.opts.databaseUrl } : {}),
      ...this.opts.env,
    };
    const proc = spawn(process.execPath, serverArgs(ROOT), { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    proc.stdout!.pipe(this.out, { end: false });
    proc.stderr!.pipe(this.out, { end: false });
    this.proc = proc;
    this.exit = new Promise((resolve) => proc.once('exit', (code, signal) => resolve({ code, signal })));
  }

  /** Starts the API and waits until it is healthy (`waitHealthy`); answers the ms since the start. */
  startHealthy(timeoutMs?: number): Promise<number> {
    const since = now();
    this.start();
    return this.waitHealthy(since, timeoutMs);
  }

  /** Waits until GET /api/health answers 200; answers the ms since `since`. */
  async waitHealthy(since: number, timeoutMs = 120_000): Promise<number> {
    while (now() - since < timeoutMs) {
      if (!this.alive()) throw new Error(`API exited while starting (see ${this.opts.logFile})`);
      try {
        const res = await fetch(`${this.base}/api/health`, { signal: AbortSignal.timeout(3000) });
        await res.arrayBuffer();
        if (res.status === 200) return now() - since;
      } catch {
        // not listening yet
      }
      await sleep(50);
    }
    throw new Error(`API not healthy after ${timeoutMs} ms`);
  }

  kill(signal: NodeJS.Signals): void {
    this.proc?.kill(signal);
  }

  async stop(): Promise<void> {
    if (!this.alive()) return;
    this.kill('SIGTERM');
    const done = await Promise.race([this.exit, sleep(15_000).then(() => null)]);
    if (!done) {
      this.kill('SIGKILL');
      await this.exit;
    }
  }

  close(): void {
    this.out.end();
  }

  /** The end of a scenario, however it ended: the process killed if still running, its log closed. */
  discard(): void {
    if (this.alive()) this.kill('SIGKILL');
    this.close();
  }
}

export interface Answer {
  /** HTTP status, or 0 when no answer came (connection refused or cut). */
  status: number;
  body: { diagnostic?: { status: number; message: string; code?: string }; data?: unknown } | null;
  ms: number;
  error?: string;
  startedAt: number;
}

export interface CallOptions {
  token?: string;
  json?: unknown;
  form?: FormData;
  timeoutMs?: number;
}

/** One HTTP call; never throws: a refused or cut connection is status 0 with the error. */
export async function call(base: string, method: string, url: string, opts: CallOptions = {}): Promise<Answer> {
  const startedAt = now();
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: BodyInit | undefined;
  if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  } else if (opts.form) body = opts.form;
  try {
    const res = await fetch(`${base}${url}`, {
      method,
      headers,
      body,
      signal: AbortSignal.timeout(opts.timeoutMs ?? 30_000),
    });
    const text = await res.text();
    let parsed: Answer['body'] = null;
    try {
      parsed = JSON.parse(text) as Answer['body'];
    } catch {
      parsed = null;
    }
    return { status: res.status, body: parsed, ms: now() - startedAt, startedAt };
  } catch (err) {
    const e = err as Error & { cause?: { code?: string; message?: string } };
    return {
      status: 0,
      body: null,
      ms: now() - startedAt,
      startedAt,
      error: e.cause?.code ?? e.cause?.message ?? e.message,
    };
  }
}

export async function login(base: string, username: string, password: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const res = await call(base, 'POST', '/api/token', { json: { username, password } });
    if (res.status === 200) return (res.body!.data as { access_token: string }).access_token;
    if (res.status !== 0 && res.status !== 503)
      throw new Error(`login ${username}: ${res.status} ${res.body?.diagnostic?.message}`);
    await sleep(200);
  }
  throw new Error(`login ${username}: no answer`);
}

export interface ScenarioResult {
  scenario: string;
  ok: boolean;
  /** One line per check that failed. */
  failures: string[];
  figures: Record<string, unknown>;
  startedAt: string;
  seconds: number;
}

export function writeResult(result: ScenarioResult): void {
  mkdirSync(OUT_DIR, { recursive: true });
  writeFileSync(path.join(OUT_DIR, `${result.scenario}.json`), JSON.stringify(result, null, 2));
  log(
    result.scenario,
    `${result.ok ? 'BERHASIL' : 'GAGAL'} (${result.seconds.toFixed(0)} s)${result.failures.length ? `\n  - ${result.failures.slice(0, 20).join('\n  - ')}` : ''}`,
  );
}

/** Writes the result of a scenario begun at `started` (Date.now()): it passed when no check failed. */
export function writeScenarioResult(
  scenario: string,
  started: number,
  failures: string[],
  figures: Record<string, unknown>,
): void {
  writeResult({
    scenario,
    ok: failures.length === 0,
    failures,
    figures,
    startedAt: new Date(started).toISOString(),
    seconds: (Date.now() - started) / 1000,
  });
}

export const percentile = (values: number[], p: number) => {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!);
};

/**
 * One scenario's run (docs/reliability.md): its own PostgreSQL cluster, the API processes and
 * temporary folders it starts, and its result file. `run` writes the result whatever happens (the
 * figures the body answers, or "aborted: …" with `figuresOnAbort()` when it throws), then discards
 * the API processes, runs the scenario's own `cleanup` (load stopped, proxy closed), destroys the
 * cluster and removes the folders; FAULT_KEEP=1 keeps the cluster and the folders.
 */
export class Scenario {
  readonly name: string;
  readonly started = Date.now();
  readonly failures: string[] = [];
  readonly keep = process.env.FAULT_KEEP === '1';
  readonly cluster: Cluster;
  private readonly apis: Api[] = [];
  private readonly dirs: string[] = [];

  constructor(name: string, clusterOpts: { durable: boolean }) {
    this.name = name;
    this.cluster = new Cluster(name, clusterOpts);
  }

  /** A temporary folder `sidasek-fault-<scenario>-<kind>-…`, removed at the end. */
  tempDir(kind: string): string {
    const dir = mkdtempSync(path.join(os.tmpdir(), `sidasek-fault-${this.name}-${kind}-`));
    this.dirs.push(dir);
    return dir;
  }

  /** An API process on a free port, logging to OUT_DIR/<scenario>-<logName>.log, discarded at the end. */
  async api(opts: Omit<ApiOptions, 'port' | 'logFile'>, logName = 'api'): Promise<Api> {
    const api = new Api({
      ...opts,
      port: await freePort(),
      logFile: path.join(OUT_DIR, `${this.name}-${logName}.log`),
    });
    this.apis.push(api);
    return api;
  }

  async run(
    body: () => Promise<Record<string, unknown>>,
    opts: { figuresOnAbort?: () => Record<string, unknown>; cleanup?: () => void | Promise<void> } = {},
  ): Promise<void> {
    try {
      writeScenarioResult(this.name, this.started, this.failures, await body());
    } catch (err) {
      this.failures.push(`aborted: ${(err as Error).stack ?? err}`);
      writeScenarioResult(this.name, this.started, this.failures, opts.figuresOnAbort?.() ?? {});
    } finally {
      for (const a of this.apis) a.discard();
      const cleaned = opts.cleanup?.();
      if (cleaned) await cleaned;
      this.cluster.destroy(this.keep);
      if (!this.keep) for (const d of this.dirs) rmSync(d, { recursive: true, force: true });
    }
  }
}
