/**
 * Graceful stop on SIGTERM/SIGINT: `drain` marks the process as going (readiness 503) and requests
 * are still served for `drainMs`, so that a load balancer polling the readiness check stops
 * sending new ones; then `stop` closes the HTTP server (no new connections; Fastify's close waits
 * for the requests in progress) and then the database; the process exits 0. When all this has not
 * finished after `timeoutMs`, `forced` gets two seconds (close the database if it can) and the
 * process exits 1. A second signal changes nothing.
 */
export interface ShutdownOptions {
  timeoutMs: number;
  drain?: () => void;
  /** How long to keep serving after `drain` (default 0: stop at once). */
  drainMs?: number;
  stop: (signal: string) => Promise<void>;
  forced?: () => Promise<void>;
  log?: (message: string) => void;
  exit?: (code: number) => void;
}

export interface Shutdown {
  /** The signal that started the stop, or null while running. */
  readonly signal: string | null;
  /** Starts the stop (once); `ready` false: only note the signal (start-up still running). */
  begin(signal: string, ready?: boolean): Promise<void>;
}

export function gracefulShutdown(opts: ShutdownOptions): Shutdown {
  const log = opts.log ?? ((m: string) => console.error(m));
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  let signal: string | null = null;
  let stopping = false;

  async function stopNow(sig: string): Promise<void> {
    if (stopping) return;
    stopping = true;
    const started = Date.now();
    try {
      opts.drain?.();
      if (opts.drainMs) {
        log(`${sig}: tidak lagi siap (/api/health/ready 503); permintaan tetap dilayani ${opts.drainMs} ms`);
        await new Promise((r) => setTimeout(r, opts.drainMs));
      }
      await opts.stop(sig);
    } catch (err) {
      log(`${sig}: gagal menutup dengan bersih: ${(err as Error).message}`);
      return exit(1);
    }
    log(`${sig}: server ditutup dengan bersih dalam ${Date.now() - started} ms`);
    exit(0);
  }

  return {
    get signal() {
      return signal;
    },
    async begin(sig, ready = true) {
      if (signal) {
        if (ready && !stopping) return stopNow(signal);
        log(`${sig}: server sedang ditutup, menunggu permintaan yang berjalan selesai`);
        return;
      }
      signal = sig;
      const timer = setTimeout(() => {
        log(`${sig}: belum selesai setelah ${opts.timeoutMs} ms; proses dihentikan paksa`);
        const forced = opts.forced ? opts.forced().catch(() => undefined) : Promise.resolve();
        void Promise.race([forced, new Promise((r) => setTimeout(r, 2000))]).finally(() => exit(1));
      }, opts.timeoutMs);
      timer.unref();
      if (ready) await stopNow(sig);
    },
  };
}
