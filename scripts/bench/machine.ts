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

function totalBusyTicks(): number | null {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
    const f = line.trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal: busy = all but idle and iowait
    return f.slice(0, 8).reduce((a, b) => a + b, 0) - (f[3] ?? 0) - (f[4] ?? 0);
  } catch {
    return null;
  }
}

interface ProcSample {
  ppid: number;
  ticks: number;
  cmd: string;
}

function processes(): Map<number, ProcSample> {
  const out = new Map<number, ProcSample>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // fields after the command: state ppid … utime(14) stime(15) counted from 1 in proc(5)
      const ppid = Number(rest[1]);
      const ticks = Number(rest[11]) + Number(rest[12]);
      let cmd = '';
      try {
        cmd = readFileSync(`/proc/${name}/cmdline`, 'utf8').replace(/\0/g, ' ');
      } catch {
        // gone
      }
      out.set(Number(name), { ppid, ticks, cmd });
    } catch {
      // the process ended while we read
    }
  }
  return out;
}

/**
 * Samples, once a second, the CPU used by processes that are not the benchmark's: the machine's
 * busy time minus this process and its children and the PostgreSQL processes serving the
 * benchmark's database (their process title names it) or none (background workers).
 */
export class ForeignCpu {
  private timer: NodeJS.Timeout | null = null;
  private lastTotal: number | null = null;
  private lastProcs = new Map<number, ProcSample>();
  private foreignTicks = 0;
  private ownTicks = 0;
  private startedAt = 0;
  private elapsedMs = 0;
  private available = process.platform === 'linux';

  constructor(private readonly database: string) {}

  private isOwn(pid: number, procs: Map<number, ProcSample>): boolean {
    const p = procs.get(pid);
    if (!p) return false;
    if (p.cmd.startsWith('postgres:')) {
      // "postgres: user db host(port) state" for a backend; background workers name no database
      const parts = p.cmd.split(' ');
      const isBackend = parts.length >= 4 && /\(\d+\)$/.test(parts[3] ?? '');
      return !isBackend || p.cmd.includes(` ${this.database} `) || p.cmd.includes('autovacuum');
    }
    for (let cur: number | undefined = pid, hops = 0; cur && hops < 50; hops++) {
      if (cur === process.pid) return true;
      cur = procs.get(cur)?.ppid;
    }
    return false;
  }

  private sample(): void {
    const total = totalBusyTicks();
    const procs = processes();
    if (total !== null && this.lastTotal !== null) {
      let own = 0;
      for (const [pid, p] of procs) {
        const before = this.lastProcs.get(pid);
        if (before && this.isOwn(pid, procs)) own += Math.max(0, p.ticks - before.ticks);
      }
      const busy = total - this.lastTotal;
      this.ownTicks += own;
      this.foreignTicks += Math.max(0, busy - own);
    }
    this.lastTotal = total;
    this.lastProcs = procs;
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
}
