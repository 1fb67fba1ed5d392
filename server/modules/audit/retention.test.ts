// Retention of sign-in bookkeeping and security events, on PGlite and PostgreSQL.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.ts';
import { loadConfig } from '../../config.ts';
import { buildApp } from '../../app.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { retentionPass, retentionRulesOf, RETENTION_BATCH } from './retention.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ securityLogRetentionDays: 30, loginWindowMinutes: 15 });
});
afterEach(async () => {
  await t.app.close();
});

const DAY = 86_400_000;
const ago = (ms: number) => new Date(t.clock.now.getTime() - ms).toISOString();

/** Old and recent throttle rows, security events and data-change rows. */
async function seed(): Promise<void> {
  await t.database.db.execute(sql`insert into login_throttle (key, failures, window_started_at) values
    ('ip:203.0.113.1', 31, ${ago(2 * 60 * 60_000)}), ('u:hantu-lama', 6, ${ago(61 * 60_000)}),
    ('ip:203.0.113.2', 3, ${ago(10 * 60_000)}), ('u:admin', 2, ${ago(59 * 60_000)})`);
  await t.database.db.execute(sql`insert into audit_log (waktu, tabel, entitas_id, aksi, sesudah) values
    (${ago(40 * DAY)}, 'keamanan', 'login_gagal', 'EVENT', '{"username":"lama"}'),
    (${ago(31 * DAY)}, 'keamanan', 'login_ditahan', 'EVENT', '{}'),
    (${ago(29 * DAY)}, 'keamanan', 'login_gagal', 'EVENT', '{"username":"baru"}'),
    (${ago(400 * DAY)}, 'lahan', '7', 'UPDATE', '{}')`);
}
const throttleKeys = async () =>
  rowsOf<{ key: string }>(await t.database.db.execute(sql`select key from login_throttle order by key`)).map(
    (r) => r.key,
  );
const auditRows = async () =>
  rowsOf<{ tabel: string; entitas_id: string }>(
    await t.database.db.execute(sql`select tabel, entitas_id from audit_log order by waktu`),
  ).map((r) => `${r.tabel}:${r.entitas_id}`);

describe('retention', () => {
  it('deletes throttle rows whose window passed long ago and security events past the rule; keeps the rest and every data change', async () => {
    await seed();
    const rules = retentionRulesOf(t.config);
    expect(rules).toEqual({ securityEventDays: 30, throttleMinutes: 60 });
    expect(await retentionPass(t.database.writeDb, rules, t.clock.now)).toEqual({ throttleRows: 2, securityEvents: 2 });
    expect(await throttleKeys()).toEqual(['ip:203.0.113.2', 'u:admin']);
    expect(await auditRows()).toEqual(['lahan:7', 'keamanan:login_gagal']);
    // Nothing left: the next pass deletes nothing.
    expect(await retentionPass(t.database.writeDb, rules, t.clock.now)).toEqual({ throttleRows: 0, securityEvents: 0 });
    // 0 days: security events are kept for ever.
    t.clock.advance(365 * DAY);
    expect(await retentionPass(t.database.writeDb, { ...rules, securityEventDays: 0 }, t.clock.now)).toEqual({
      throttleRows: 2,
      securityEvents: 0,
    });
    expect(await auditRows()).toEqual(['lahan:7', 'keamanan:login_gagal']);
  });

  it('more rows than one batch: deleted in several short transactions', async () => {
    const n = RETENTION_BATCH + 321;
    await t.database.db.execute(
      sql`insert into login_throttle (key, failures, window_started_at) select 'ip:10.0.' || g, 1, ${ago(3 * 60 * 60_000)}::timestamptz from generate_series(1, ${n}) g`,
    );
    expect(await retentionPass(t.database.writeDb, retentionRulesOf(t.config), t.clock.now)).toEqual({
      throttleRows: n,
      securityEvents: 0,
    });
    expect(await throttleKeys()).toEqual([]);
  });

  it('two processes at once: every old row deleted once, no error', async () => {
    await seed();
    const rules = retentionRulesOf(t.config);
    const both = await Promise.all([
      retentionPass(t.database.writeDb, rules, t.clock.now),
      retentionPass(t.database.writeDb, rules, t.clock.now),
    ]);
    const sum = (k: 'throttleRows' | 'securityEvents') => both.reduce((s, r) => s + (r?.[k] ?? 0), 0);
    expect({ throttleRows: sum('throttleRows'), securityEvents: sum('securityEvents') }).toEqual({
      throttleRows: 2,
      securityEvents: 2,
    });
    expect(await throttleKeys()).toEqual(['ip:203.0.113.2', 'u:admin']);
  });

  it('a running app makes the pass by itself, periodically', async () => {
    const app = await buildApp({
      config: t.config,
      database: t.database,
      files: t.files,
      now: () => t.clock.now,
      retentionEveryMs: 50,
    });
    await app.ready();
    try {
      await seed();
      await vi.waitFor(async () => expect(await throttleKeys()).toEqual(['ip:203.0.113.2', 'u:admin']), {
        timeout: 10_000,
        interval: 50,
      });
      await vi.waitFor(async () => expect(await auditRows()).toEqual(['lahan:7', 'keamanan:login_gagal']), {
        timeout: 10_000,
        interval: 50,
      });
      // And again later: rows that grew old since are removed by a later pass.
      t.clock.advance(2 * 60 * 60_000);
      await vi.waitFor(async () => expect(await throttleKeys()).toEqual([]), { timeout: 10_000, interval: 50 });
    } finally {
      await app.close();
    }
  });

  it('SECURITY_LOG_RETENTION_DAYS: 365 by default, 0 keeps, anything else refused at start', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).securityLogRetentionDays).toBe(365);
    expect(loadConfig({ NODE_ENV: 'test', SECURITY_LOG_RETENTION_DAYS: '0' }).securityLogRetentionDays).toBe(0);
    expect(loadConfig({ NODE_ENV: 'test', SECURITY_LOG_RETENTION_DAYS: '90' }).securityLogRetentionDays).toBe(90);
    expect(() => loadConfig({ NODE_ENV: 'test', SECURITY_LOG_RETENTION_DAYS: 'setahun' })).toThrow(
      /SECURITY_LOG_RETENTION_DAYS/,
    );
    expect(retentionRulesOf({ securityLogRetentionDays: 365, loginWindowMinutes: 240 }).throttleMinutes).toBe(240);
  });
});
