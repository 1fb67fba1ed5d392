import { fork, type ChildProcess } from 'node:child_process';
import { availableParallelism, setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { PdfVerdict } from './pdf.ts';
import type { ImageOutcome } from './image.ts';
import type { P12Outcome, P12Request } from '../../modules/kgb/official-key.ts';

// The content checks of uploaded files (images decoded and re-encoded, PDFs read in full, markup
// looked for) run in child processes, never in the server's process (decision 0046):
// - a check over its time limit is stopped for real: the process is killed (SIGKILL). A worker
//   thread could not do that for an image: sharp decodes on libuv's thread pool, which a
//   terminated thread leaves running, and which the server's file reads, password hashing
//   (@node-rs/argon2) and static files share;
// - at most CHECK_PROCESSES files are checked at once, at a lower CPU priority than the server;
//   the others wait in a bounded queue (BUSY past it), holding no database connection;
// - an idle process ends after IDLE_MS, so a quiet server keeps no memory for it.

interface Tasks {
  markup: boolean;
  pdf: PdfVerdict;
  image: ImageOutcome;
  /** An official's PKCS#12 opened with its passphrase, or a new key made (official-key.ts). */
  p12: P12Outcome;
}
/** What a task needs besides the file's bytes. */
interface TaskArgs {
  markup: undefined;
  pdf: undefined;
  image: undefined;
  p12: P12Request;
}
export type TaskName = keyof Tasks;

export class CheckTimeout extends Error {
  readonly task: TaskName;
  constructor(task: TaskName) {
    super(`upload check '${task}' over its time limit`);
    this.task = task;
  }
}

/** The queue of files waiting for a check is full, or a file waited too long: try again later. */
export class CheckBusy extends Error {
  constructor() {
    super('upload checks busy');
  }
}

const CHECK_PROCESS_ENDED = 'ERR_CHECK_PROCESS_ENDED';

/** A file the check could not finish within its time or memory: refused as too complex. */
export function isCheckOverLimit(err: unknown): boolean {
  return err instanceof CheckTimeout || (err as { code?: string } | null)?.code === CHECK_PROCESS_ENDED;
}

/** Files checked at once: one core of two stays the server's. UPLOAD_CHECK_PROCESSES overrides. */
const CHECK_PROCESSES = Math.max(
  1,
  Number(process.env.UPLOAD_CHECK_PROCESSES) || Math.min(2, availableParallelism() - 1),
);
/** Files waiting for a check, at most; and how long one may wait. */
const MAX_WAITING = 32;
const MAX_WAIT_MS = 30_000;
/**
 * A little below the server (nice 5: about a third of its share when both want a core): its
 * requests come first, yet a check on a busy machine still gets enough CPU to finish.
 */
const CHECK_NICENESS = 5;
const IDLE_MS = 30_000;
/** Time a process may spend on one file. */
export const CHECK_TIME_LIMIT_MS = { markup: 3_000, pdf: 15_000, image: 15_000, p12: 10_000 } as const satisfies Record<
  TaskName,
  number
>;
const WORKER = fileURLToPath(new URL('./worker.mjs', import.meta.url));

interface Job {
  task: TaskName;
  bytes: Uint8Array;
  arg: unknown;
  timeLimitMs: number;
  waitTimer?: NodeJS.Timeout;
  resolve(value: unknown): void;
  reject(err: Error): void;
}

interface Slot {
  child: ChildProcess;
  ready: Promise<void>;
  busy: boolean;
  idleTimer?: NodeJS.Timeout;
}

let nextId = 1;
const queue: Job[] = [];
const slots: Slot[] = [];

/** While a slot works, its process keeps the event loop alive (a script awaiting a check waits). */
function hold(slot: Slot, working: boolean): void {
  const channel = slot.child.channel as { ref(): void; unref(): void } | undefined;
  if (working) {
    slot.child.ref();
    channel?.ref();
  } else {
    slot.child.unref();
    channel?.unref();
  }
}

function startProcess(): Slot {
  const child = fork(WORKER, [], {
    // Buffers travel as bytes, not as JSON arrays.
    serialization: 'advanced',
    // Not the parent's flags; the JavaScript heap bounded.
    execArgv: ['--max-old-space-size=512'],
    // sharp and zlib work on libuv's pool: two threads are enough for one file at a time.
    env: { ...process.env, UV_THREADPOOL_SIZE: '2' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = new Promise<void>((resolve, reject) => {
    const onMessage = (m: { ready?: boolean }) => {
      if (m?.ready) {
        child.off('message', onMessage);
        resolve();
      }
    };
    child.on('message', onMessage);
    child.once('error', reject);
    child.once('exit', () => reject(new Error('upload check process ended while starting')));
  });
  // Started: from now on at a lower CPU priority, so that the server's own requests come first
  // when both want the CPU (its start, at normal priority, is not starved by a busy machine).
  ready.then(
    () => {
      try {
        if (child.pid) setPriority(child.pid, CHECK_NICENESS);
      } catch {
        // Not allowed here: the queue still bounds the work.
      }
    },
    () => undefined,
  );
  const slot: Slot = { child, ready, busy: false };
  // A failed spawn or a send to a process that just died: its 'exit' (below, and in run) settles
  // the work; the error itself must not become an uncaught one.
  child.on('error', () => undefined);
  child.once('exit', () => {
    const at = slots.indexOf(slot);
    if (at >= 0) slots.splice(at, 1);
    clearTimeout(slot.idleTimer);
  });
  hold(slot, false);
  return slot;
}

function pump(): void {
  while (queue.length) {
    let slot = slots.find((s) => !s.busy);
    if (!slot && slots.length < CHECK_PROCESSES) slots.push((slot = startProcess()));
    if (!slot) return;
    const job = queue.shift()!;
    clearTimeout(job.waitTimer);
    run(slot, job);
  }
}

function retire(slot: Slot): void {
  const at = slots.indexOf(slot);
  if (at >= 0) slots.splice(at, 1);
  clearTimeout(slot.idleTimer);
  slot.child.kill('SIGKILL');
}

function run(slot: Slot, job: Job): void {
  slot.busy = true;
  clearTimeout(slot.idleTimer);
  hold(slot, true);
  const id = nextId++;
  let timer: NodeJS.Timeout | undefined;
  let settled = false;
  const done = (kill: boolean) => {
    settled = true;
    clearTimeout(timer);
    slot.child.off('message', onMessage);
    slot.child.off('exit', onExit);
    if (kill) retire(slot);
    else {
      slot.busy = false;
      hold(slot, false);
      slot.idleTimer = setTimeout(() => retire(slot), IDLE_MS);
      slot.idleTimer.unref();
    }
    pump();
  };
  const onMessage = (m: { id?: number; result?: unknown; error?: string }) => {
    if (m?.id !== id) return;
    done(false);
    if (m.error !== undefined) job.reject(new Error(m.error));
    else job.resolve(m.result);
  };
  const onExit = (code: number | null, signal: string | null) => {
    if (settled) return;
    done(true);
    // Killed by the kernel for memory, or crashed on the file: the file is too much to check.
    const err = new Error(`upload check process ended (${signal ?? code})`) as Error & { code: string };
    err.code = CHECK_PROCESS_ENDED;
    job.reject(err);
  };
  slot.child.on('message', onMessage);
  slot.child.once('exit', onExit);
  slot.ready.then(
    () => {
      if (settled) return;
      // The time limit counts from the start of the work, not from the wait in the queue.
      timer = setTimeout(() => {
        done(true);
        job.reject(new CheckTimeout(job.task));
      }, job.timeLimitMs);
      try {
        slot.child.send({ id, task: job.task, bytes: job.bytes, arg: job.arg });
      } catch (err) {
        done(true);
        job.reject(err as Error);
      }
    },
    (err: Error) => {
      if (settled) return;
      done(true);
      job.reject(err);
    },
  );
}

let door: ((task: TaskName) => Promise<void>) | null = null;

/**
 * For tests: every check first awaits `hold` (null: none), so that a test can keep an upload "being
 * checked" for as long as it likes, whatever the machine's speed.
 */
export function holdChecks(hold: ((task: TaskName) => Promise<void>) | null): void {
  door = hold;
}

/** Runs one check of an uploaded file in a child process. */
export async function runCheck<T extends TaskName>(
  task: T,
  bytes: Uint8Array,
  timeLimitMs: number = CHECK_TIME_LIMIT_MS[task],
  ...arg: TaskArgs[T] extends undefined ? [] : [TaskArgs[T]]
): Promise<Tasks[T]> {
  if (door) await door(task);
  return new Promise<Tasks[T]>((resolve, reject) => {
    if (queue.length >= MAX_WAITING) return reject(new CheckBusy());
    const job: Job = { task, bytes, arg: arg[0], timeLimitMs, resolve: resolve as (v: unknown) => void, reject };
    job.waitTimer = setTimeout(() => {
      const at = queue.indexOf(job);
      if (at >= 0) {
        queue.splice(at, 1);
        reject(new CheckBusy());
      }
    }, MAX_WAIT_MS);
    job.waitTimer.unref();
    queue.push(job);
    pump();
  });
}

/** Checks running or waiting now, and the check processes' ids (for tests and metrics). */
export function checksInFlight(): {
  running: number;
  waiting: number;
  processes: number;
  pids: number[];
  limit: number;
} {
  return {
    running: slots.filter((s) => s.busy).length,
    waiting: queue.length,
    processes: slots.length,
    pids: slots.map((s) => s.child.pid ?? 0),
    limit: CHECK_PROCESSES,
  };
}
