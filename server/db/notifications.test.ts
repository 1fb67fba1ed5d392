// The listening connection of decision 0039 on PostgreSQL: opened again with backoff while the
// server cannot be reached, reported lost once, resynchronised on every (re)connect, and given up
// by its heartbeat when the peer goes silent without closing the connection.
import { createServer, connect, type Server, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { rowsOf, type Database } from './client.ts';
import { listenWithReconnect, type ListenTiming } from './notifications.ts';
import { testDatabase, TEST_DB_KIND } from '../test/test-db.ts';

const CHANNEL = 'sidasek_uji_listen';
const FAST: ListenTiming = { retryMinMs: 50, retryMaxMs: 200, heartbeatMs: 100 };

/** A TCP relay to PostgreSQL that can refuse and cut connections, or fall silent while keeping them open. */
async function relay(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let mode: 'open' | 'refuse' | 'silent' = 'open';
  const server: Server = createServer((client) => {
    if (mode === 'refuse') return void client.destroy();
    const upstream = connect(target.port, target.host);
    sockets.add(client).add(upstream);
    client.on('data', (chunk) => mode === 'open' && upstream.write(chunk));
    upstream.on('data', (chunk) => mode === 'open' && client.write(chunk));
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    set(next: typeof mode) {
      mode = next;
      if (next === 'refuse') for (const s of sockets) s.destroy();
    },
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function until(check: () => boolean, ms = 2000): Promise<boolean> {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
  return check();
}

describe.skipIf(TEST_DB_KIND !== 'postgres')('listenWithReconnect (PostgreSQL)', () => {
  let database: Database;
  let dbName: string;
  let proxy: Awaited<ReturnType<typeof relay>>;
  let stop: (() => Promise<void>) | null = null;
  const heard = { notify: [] as string[], resync: 0, lost: [] as string[] };

  beforeAll(async () => {
    database = await testDatabase();
    dbName = rowsOf<{ name: string }>(await database.db.execute(sql`select current_database() as name`))[0]!.name;
    proxy = await relay({ host: process.env.PGHOST || '127.0.0.1', port: Number(process.env.PGPORT || 5432) });
  });
  afterEach(async () => {
    await stop?.();
    stop = null;
    proxy.set('open');
    heard.notify = [];
    heard.resync = 0;
    heard.lost = [];
  });
  afterAll(async () => {
    await proxy.close();
  });

  const start = () => {
    stop = listenWithReconnect(
      () =>
        new pg.Client({
          host: '127.0.0.1',
          port: proxy.port,
          database: dbName,
          user: process.env.PGUSER || 'postgres',
          password: process.env.PGPASSWORD,
          query_timeout: 300,
          connectionTimeoutMillis: 1000,
        }),
      CHANNEL,
      {
        notify: (p) => heard.notify.push(p),
        resync: () => heard.resync++,
        lost: (err) => heard.lost.push(err.message),
      },
      FAST,
    );
  };
  const notify = (payload: string) => database.db.execute(sql`select pg_notify(${CHANNEL}, ${payload})`);

  it('hears notifications, keeps trying while the server refuses, and resynchronises once back', async () => {
    start();
    expect(await until(() => heard.resync === 1)).toBe(true);
    await notify('satu');
    expect(await until(() => heard.notify.includes('satu'))).toBe(true);

    proxy.set('refuse');
    expect(await until(() => heard.lost.length === 1)).toBe(true);
    // Several attempts fail meanwhile (every 50 to 200 ms): reported once, no resync.
    await new Promise((r) => setTimeout(r, 600));
    expect(heard.lost.length).toBe(1);
    expect(heard.resync).toBe(1);
    await notify('terlewat');

    proxy.set('open');
    expect(await until(() => heard.resync === 2)).toBe(true);
    await notify('dua');
    expect(await until(() => heard.notify.includes('dua'))).toBe(true);
    expect(heard.notify).not.toContain('terlewat');

    // Stopped: no more attempts.
    await stop!();
    stop = null;
    proxy.set('refuse');
    await new Promise((r) => setTimeout(r, 400));
    expect(heard.resync).toBe(2);
    expect(heard.lost.length).toBe(1);
  });

  it('a connection that goes silent is given up by the heartbeat and opened again', async () => {
    start();
    expect(await until(() => heard.resync === 1)).toBe(true);
    // The peer stops answering but the TCP connection stays: only the heartbeat's timeout notices.
    proxy.set('silent');
    expect(await until(() => heard.lost.length === 1)).toBe(true);
    proxy.set('open');
    // An attempt made while silent waits out its connect timeout (1 s) first.
    expect(await until(() => heard.resync === 2, 4000)).toBe(true);
    await notify('sesudah');
    expect(await until(() => heard.notify.includes('sesudah'))).toBe(true);
  });
});
