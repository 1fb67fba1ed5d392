import type { Client } from 'pg';

/** What a listener hears on its channel (server/db/client.ts `Database.listen`). */
export interface NotificationHandlers {
  /** A notification: sent by a transaction at its COMMIT, by any process on the database. */
  notify(payload: string): void;
  /** Listening has (re)started: notifications sent while nobody listened are lost, so assume anything changed. */
  resync(): void;
  /** The listening connection broke or cannot be opened; it is tried again until stopped. */
  lost(err: Error): void;
}

/** The listening connection's name in pg_stat_activity (tests end it to check the reconnect). */
export const LISTEN_APPLICATION_NAME = 'sidasek_listen';

export interface ListenTiming {
  /** First wait before opening the connection again; doubled after each failed attempt. */
  retryMinMs: number;
  retryMaxMs: number;
  /**
   * A query this often: a connection whose peer vanished (network cut, server host lost) goes quiet
   * instead of failing, and TCP keepalive would take minutes to notice.
   */
  heartbeatMs: number;
}

const TIMING: ListenTiming = { retryMinMs: 200, retryMaxMs: 10_000, heartbeatMs: 30_000 };

/**
 * LISTEN on a connection of its own, opened again (with backoff) whenever it is lost. `connect`
 * makes a new unconnected client each time. Answers stop.
 */
export function listenWithReconnect(
  connect: () => Client,
  channel: string,
  handlers: NotificationHandlers,
  timing: ListenTiming = TIMING,
): () => Promise<void> {
  let stopped = false;
  let client: Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let delay = timing.retryMinMs;
  // Whether the last attempt worked: a lost connection is reported once, not on every retry.
  let healthy = true;

  const open = async (): Promise<void> => {
    retry = null;
    const c = connect();
    client = c;
    let heartbeat: NodeJS.Timeout | null = null;
    let dropped = false;
    const drop = (err: Error) => {
      if (dropped) return;
      dropped = true;
      if (heartbeat) clearInterval(heartbeat);
      if (client === c) client = null;
      c.end().catch(() => undefined);
      if (stopped) return;
      if (healthy) handlers.lost(err);
      healthy = false;
      retry = setTimeout(() => void open(), delay);
      retry.unref();
      delay = Math.min(delay * 2, timing.retryMaxMs);
    };
    c.on('error', drop);
    c.on('end', () => drop(new Error('koneksi LISTEN ditutup server')));
    c.on('notification', (message) => {
      if (message.channel === channel) handlers.notify(message.payload ?? '');
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
    } catch (err) {
      drop(err as Error);
      return;
    }
    if (dropped) return;
    if (stopped) {
      await c.end().catch(() => undefined);
      return;
    }
    healthy = true;
    delay = timing.retryMinMs;
    handlers.resync();
    heartbeat = setInterval(() => {
      c.query('select 1').catch((err: unknown) => drop(err as Error));
    }, timing.heartbeatMs);
    heartbeat.unref();
  };

  void open();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}
