import { Worker } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import type { PdfVerdict } from './checks.ts';

// Upload content checks in worker threads (issue 23.2): a file that takes long to judge holds a
// worker, never the event loop, so other requests (health included) keep being answered. Each
// task has a time limit; a worker over it is terminated and replaced, and the file is refused as
// too complex. At most WORKERS files are checked at once; the others wait their turn.

interface Tasks {
  markup: boolean;
  pdf: PdfVerdict;
}
type TaskName = keyof Tasks;

export class CheckTimeout extends Error {
  constructor(readonly task: TaskName) {
    super(`upload check '${task}' over its time limit`);
  }
}

/** A file the check could not finish within its time or memory: refused as too complex. */
export function isCheckOverLimit(err: unknown): boolean {
  return err instanceof CheckTimeout || (err as { code?: string } | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY';
}

const WORKERS = Math.max(1, Math.min(2, availableParallelism()));
/** Time a worker may spend on one file. */
export const CHECK_TIME_LIMIT_MS = { markup: 3_000, pdf: 8_000 } as const satisfies Record<TaskName, number>;
const WORKER_URL = new URL('./worker.mjs', import.meta.url);

interface Job {
  task: TaskName;
  bytes: Uint8Array;
  timeLimitMs: number;
  resolve(value: unknown): void;
  reject(err: Error): void;
}

interface Slot {
  worker: Worker;
  ready: Promise<void>;
  busy: boolean;
}

let nextId = 1;
const queue: Job[] = [];
const slots: Slot[] = [];

function startWorker(): Slot {
  const worker = new Worker(WORKER_URL, {
    // Not the parent's flags (tsx is registered by the worker itself); old-space memory bounded.
    execArgv: [],
    resourceLimits: { maxOldGenerationSizeMb: 512 },
  });
  worker.unref();
  const ready = new Promise<void>((resolve, reject) => {
    const onMessage = (m: { ready?: boolean }) => {
      if (m.ready) {
        worker.off('message', onMessage);
        resolve();
      }
    };
    worker.on('message', onMessage);
    worker.once('error', reject);
  });
  ready.catch(() => undefined);
  return { worker, ready, busy: false };
}

function pump(): void {
  while (queue.length) {
    let slot = slots.find((s) => !s.busy);
    if (!slot && slots.length < WORKERS) slots.push((slot = startWorker()));
    if (!slot) return;
    run(slot, queue.shift()!);
  }
}

function run(slot: Slot, job: Job): void {
  slot.busy = true;
  const id = nextId++;
  let timer: NodeJS.Timeout | undefined;
  const done = (replace: boolean) => {
    clearTimeout(timer);
    slot.worker.off('message', onMessage);
    slot.worker.off('error', onError);
    slot.worker.off('exit', onExit);
    if (replace) {
      void slot.worker.terminate();
      slots.splice(slots.indexOf(slot), 1);
    } else slot.busy = false;
    pump();
  };
  const onMessage = (m: { id?: number; result?: unknown; error?: string }) => {
    if (m.id !== id) return;
    done(false);
    if (m.error !== undefined) job.reject(new Error(m.error));
    else job.resolve(m.result);
  };
  const onError = (err: Error) => {
    done(true);
    job.reject(err);
  };
  const onExit = () => {
    done(true);
    job.reject(new Error('upload check worker stopped'));
  };
  slot.worker.on('message', onMessage);
  slot.worker.once('error', onError);
  slot.worker.once('exit', onExit);
  slot.ready.then(
    () => {
      // The time limit counts from the start of the work, not from the wait in the queue.
      timer = setTimeout(() => {
        done(true);
        job.reject(new CheckTimeout(job.task));
      }, job.timeLimitMs);
      // A copy: the request keeps its own bytes for storing.
      slot.worker.postMessage({ id, task: job.task, bytes: job.bytes });
    },
    (err: Error) => onError(err),
  );
}

/** Runs one check of an uploaded file in a worker thread. */
export function runCheck<T extends TaskName>(task: T, bytes: Uint8Array, timeLimitMs: number = CHECK_TIME_LIMIT_MS[task]): Promise<Tasks[T]> {
  return new Promise<Tasks[T]>((resolve, reject) => {
    queue.push({ task, bytes, timeLimitMs, resolve: resolve as (v: unknown) => void, reject });
    pump();
  });
}
