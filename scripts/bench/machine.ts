// The machine's state for the benchmark: is it quiet enough to report figures, and how much CPU
// did processes that are not part of the benchmark use while it ran.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';

/** 1-minute load average per core above which the benchmark refuses to report. */
export const BUSY_LOAD_PER_CORE = 0.5;
/** Average CPU (in cores) used by other processes during a run above which it is not reportable. */
export const BUSY_FOREIGN_CORES = 0.15;

export const NOT_FOR_REPORT = 'TIDAK UNTUK LAPORAN (mesin sibuk atau --force/--smoke)';

export interface MachineState {
  cores: number;
  cpuModel: string;
  memoryGiB: number;
  loadavg: [number, number, number];
  node: string;
  postgres: string;
  os: string;
  /** `cpuProbeMs()` when the state was read. */
  cpuProbeMs: number;
  /** The kernel drops idle pages by itself (DAMON's pageout scheme), or null. */
  proactiveReclaim: string | null;
}

/**
 * A fixed piece of CPU work, timed (best of three, ms): 20,000 JSON round trips of an object the
 * size of a teacher's record. The same machine type has measured the same code's latencies three
 * times apart on different days; this figure tells which kind of day a run had.
 */
export function cpuProbeMs(): number {
  const record = Object.fromEntries(
    Array.from({ length: 40 }, (_, i) => [`kolom_${i}`, i % 3 ? `nilai teks ${i} untuk guru` : i * 1234.5]),
  );
  let best = Infinity;
  for (let round = 0; round < 3; round++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < 20_000; i++) JSON.parse(JSON.stringify({ ...record, id: i }));
    best = Math.min(best, Number(process.hrtime.bigint() - start) / 1e6);
  }
  return best;
}

export function machineState(postgresVersion: string): MachineState {
  const [l1 = 0, l5 = 0, l15 = 0] = os.loadavg();
  let osName = `${os.type()} ${os.release()}`;
  try {
    const pretty = /^PRETTY_NAME="?([^"\n]*)"?/m.exec(readFileSync('/etc/os-release', 'utf8'));
    if (pretty?.[1]) osName = `${pretty[1]} (${os.release()})`;
  } catch {
    // not Linux: the kernel name is enough
  }
  return {
    cores: os.availableParallelism(),
    cpuModel: os.cpus()[0]?.model.trim() ?? 'unknown',
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    loadavg: [l1, l5, l15],
    node: process.version,
    postgres: postgresVersion,
    os: osName,
    cpuProbeMs: cpuProbeMs(),
    proactiveReclaim: proactiveReclaim(),
  };
}

/**
 * "DAMON pageout" when a running kdamond has a pageout scheme: the kernel then evicts pages that
 * were not touched for a while (there is no swap, so file pages: PostgreSQL's data in the page cache,
 * the programs' own code), and the next request that needs them waits for the disk. Seen on
 * 2026-11-22's seventh machine, with p99 stalls of hundreds of ms in mixed traffic.
 */
export function proactiveReclaim(): string | null {
  const root = '/sys/kernel/mm/damon/admin/kdamonds';
  try {
    for (const k of readdirSync(root).filter((n) => /^\d+$/.test(n))) {
      if (readFileSync(`${root}/${k}/state`, 'utf8').trim() !== 'on') continue;
      for (const c of readdirSync(`${root}/${k}/contexts`).filter((n) => /^\d+$/.test(n))) {
        for (const sc of readdirSync(`${root}/${k}/contexts/${c}/schemes`).filter((n) => /^\d+$/.test(n))) {
          if (readFileSync(`${root}/${k}/contexts/${c}/schemes/${sc}/action`, 'utf8').trim() === 'pageout')
            return 'DAMON pageout';
        }
      }
    }
  } catch {
    // no DAMON, or not readable: nothing known
  }
  return null;
}

/**
 * The share of wall time in which every runnable task waited for the disk (Linux PSI, io "full"),
 * from now until the returned function is called; null where the kernel does not tell.
 */
export function ioStallMeter(): () => number | null {
  const read = (): number | null => {
    try {
      const full = /^full .*total=(\d+)/m.exec(readFileSync('/proc/pressure/io', 'utf8'));
      return full ? Number(full[1]) : null;
    } catch {
      return null;
    }
  };
  const startUs = read();
  const startNs = process.hrtime.bigint();
  return () => {
    const endUs = read();
    if (startUs === null || endUs === null) return null;
    return (endUs - startUs) / (Number(process.hrtime.bigint() - startNs) / 1000);
  };
}

/** Why the machine is too busy to measure now, or null when it is quiet. */
export function busyReason(): string | null {
  const cores = os.availableParallelism();
  const [l1 = 0] = os.loadavg();
  if (l1 > BUSY_LOAD_PER_CORE * cores) {
    return `beban 1 menit ${l1.toFixed(2)} > ${(BUSY_LOAD_PER_CORE * cores).toFixed(2)} (${BUSY_LOAD_PER_CORE} per inti × ${cores} inti)`;
  }
  return null;
}

/**
 * The busy check at the start of a run: on a busy machine it refuses (prints why and the busiest
 * processes; `refuse` true) unless forced; a forced run is marked not for report.
 */
export function busyGate(force: boolean): { refuse: boolean; notForReport: string | null; notes: string[] } {
  const busy = busyReason();
  if (busy && !force) {
    console.error(
      `Mesin sedang sibuk: ${busy}.\nBenchmark tidak dijalankan (angkanya tidak layak dilaporkan). Tunggu sampai mesin tenang, atau pakai --force untuk uji coba (ditandai "${NOT_FOR_REPORT}").\n\nProses tersibuk:\n${topProcesses()}`,
    );
    return { refuse: true, notForReport: null, notes: [] };
  }
  return { refuse: false, notForReport: force ? NOT_FOR_REPORT : null, notes: busy ? [`--force: ${busy}`] : [] };
}

/** The commit measured: short hash, and whether tracked files differ from it. */
export function commitLabel(root: string): string {
  try {
    const sha = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
      cwd: root,
      encoding: 'utf8',
    }).trim()
      ? ' (+ perubahan belum di-commit)'
      : '';
    return sha + dirty;
  } catch {
    return 'unknown';
  }
}

/** The busiest processes now (for the refusal message): `ps` sorted by CPU. */
export function topProcesses(n = 5): string {
  try {
    return execFileSync('ps', ['-eo', 'pid,pcpu,etime,args', '--sort=-pcpu'], { encoding: 'utf8' })
      .split('\n')
      .slice(0, n + 1)
      .map((l) => l.slice(0, 140))
      .join('\n');
  } catch {
    return '';
  }
}

const TICKS = 100; // USER_HZ on Linux

interface ProcSample {
  ppid: number;
  /** utime + stime: the process's own CPU. */
  ticks: number;
  /** cutime + cstime: its children that ended and were waited for. */
  childTicks: number;
  cmd: string;
}

function processes(): Map<number, ProcSample> {
  const out = new Map<number, ProcSample>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // after "pid (comm) ": state(0) ppid(1) … utime(11) stime(12) cutime(13) cstime(14)
      const ppid = Number(rest[1]);
      let cmd = '';
      try {
        cmd = readFileSync(`/proc/${name}/cmdline`, 'utf8').replace(/\0/g, ' ');
      } catch {
        // gone
      }
      out.set(Number(name), {
        ppid,
        ticks: Number(rest[11]) + Number(rest[12]),
        childTicks: Number(rest[13]) + Number(rest[14]),
        cmd,
      });
    } catch {
      // the process ended while we read
    }
  }
  return out;
}

/**
 * Samples, once a second, the CPU used by processes that are not the benchmark's: every process
 * alive at two samples, with the children it waited for, except this process and its children,
 * and PostgreSQL's own processes (backends of other databases do count as foreign; the
 * postmaster, whose waited-for children are every ended backend and parallel worker, is left out
 * as are the background and parallel workers, which cannot be attributed).
 */
export class ForeignCpu {
  private timer: NodeJS.Timeout | null = null;
  private last = new Map<number, ProcSample>();
  private foreignTicks = 0;
  private ownTicks = 0;
  private startedAt = 0;
  private elapsedMs = 0;
  private available = process.platform === 'linux';
  readonly busiest = new Map<string, number>();

  private readonly database: string;
  constructor(database: string) {
    this.database = database;
  }

  /** 'own', 'neutral' (PostgreSQL processes no one can be charged for) or 'foreign'. */
  private classify(pid: number, procs: Map<number, ProcSample>): 'own' | 'neutral' | 'foreign' {
    const p = procs.get(pid)!;
    if (p.cmd.startsWith('postgres:')) {
      // "postgres: [cluster: ]user database host(port) state" for a client backend
      const tokens = p.cmd.trim().split(/\s+/);
      const host = tokens.findIndex((t) => /\(\d+\)$/.test(t) || t === '[local]');
      if (host < 2) return 'neutral';
      return tokens[host - 1] === this.database ? 'own' : 'foreign';
    }
    if (/^\/usr\/lib\/postgresql\/.*\/bin\/postgres\b/.test(p.cmd)) return 'neutral';
    for (let cur: number | undefined = pid, hops = 0; cur && hops < 50; hops++) {
      if (cur === process.pid) return 'own';
      cur = procs.get(cur)?.ppid;
    }
    return 'foreign';
  }

  private sample(): void {
    const procs = processes();
    for (const [pid, p] of procs) {
      const before = this.last.get(pid);
      if (!before || before.cmd !== p.cmd) continue;
      const kind = this.classify(pid, procs);
      const delta = Math.max(0, p.ticks - before.ticks) + Math.max(0, p.childTicks - before.childTicks);
      if (kind === 'own') this.ownTicks += delta;
      else if (kind === 'foreign' && delta) {
        this.foreignTicks += delta;
        const label = p.cmd.slice(0, 80) || `pid ${pid}`;
        this.busiest.set(label, (this.busiest.get(label) ?? 0) + delta);
      }
    }
    this.last = procs;
  }

  start(): void {
    if (!this.available || this.timer) return;
    this.startedAt = Date.now();
    this.sample();
    this.timer = setInterval(() => this.sample(), 1000);
    this.timer.unref();
  }

  stop(): void {
    if (!this.timer) return;
    clearInterval(this.timer);
    this.timer = null;
    this.sample();
    this.elapsedMs += Date.now() - this.startedAt;
  }

  /** Average cores used by other processes while sampling ran (null off Linux). */
  foreignCores(): number | null {
    if (!this.available || !this.elapsedMs) return null;
    return this.foreignTicks / TICKS / (this.elapsedMs / 1000);
  }

  ownCores(): number | null {
    if (!this.available || !this.elapsedMs) return null;
    return this.ownTicks / TICKS / (this.elapsedMs / 1000);
  }

  /** The other processes that used the most CPU, as "cores · command". */
  topForeign(n = 3): string[] {
    const seconds = this.elapsedMs / 1000 || 1;
    return [...this.busiest]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([cmd, t]) => `${(t / TICKS / seconds).toFixed(2)} · ${cmd}`);
  }
}

/** CPU time (ms) a process has run, all its threads (schedstat of each task), or NaN. */
export function processCpuMs(pid: number): number {
  try {
    let ns = 0;
    for (const task of readdirSync(`/proc/${pid}/task`))
      ns += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
    return ns / 1e6;
  } catch {
    return NaN;
  }
}

/** CPU time (ms) of each PostgreSQL backend serving `database` (by its process title). */
export function postgresCpuMs(database: string): Map<number, number> {
  const out = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const cmd = readFileSync(`/proc/${name}/cmdline`, 'utf8');
      if (!cmd.startsWith('postgres:') || !cmd.includes(` ${database} `)) continue;
      out.set(Number(name), Number(readFileSync(`/proc/${name}/schedstat`, 'utf8').split(' ')[0]) / 1e6);
    } catch {
      // ended meanwhile
    }
  }
  return out;
}

/**
 * CPU (ms) used by the server process, PostgreSQL and the load generator between two calls.
 * Backends that start meanwhile count from zero; one that ends meanwhile loses its last share.
 */
export function cpuMeter(serverPid: number | undefined, database: string) {
  const read = () => ({
    server: serverPid ? processCpuMs(serverPid) : 0,
    postgres: postgresCpuMs(database),
    client: processCpuMs(process.pid),
  });
  const start = read();
  return () => {
    const end = read();
    let postgres = 0;
    for (const [pid, ms] of end.postgres) postgres += ms - (start.postgres.get(pid) ?? 0);
    return { server: end.server - start.server, postgres, client: end.client - start.client };
  };
}
