import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { testDatabase } from '../test/test-db.ts';
import { CACHE_CHANNEL } from './sql-objects.ts';
import { CACHED_TOPICS, type CachedTopic } from './caches.ts';

// The registry of cached topics (server/db/caches.ts, decisions 0039 and 0060): a topic without a
// trigger would never be announced, one without a listener announced to no one. That the
// database's triggers are exactly the listed ones is checked in server/db/sql-objects.test.ts, that a
// built app listens to exactly these topics in server/lib/cache-signals.test.ts.
const topics = Object.entries(CACHED_TOPICS) as [string, CachedTopic][];

describe('cached topics', () => {
  it('every topic has at least one trigger and one listener', () => {
    const lacking = topics
      .filter(([, c]) => c.triggers.length === 0 || c.listeners.length === 0)
      .map(([topic, c]) => `${topic}: ${c.triggers.length} trigger, ${c.listeners.length} listener`);
    expect(lacking, 'topik tanpa trigger atau tanpa pendengar').toEqual([]);
  });

  describe('each listed trigger announces its topic', () => {
    let database: Database;
    const heard: string[] = [];
    let stop: (() => Promise<void>) | null = null;
    beforeAll(async () => {
      database = await testDatabase();
      await new Promise<void>((ready, failed) => {
        stop = database.listen(CACHE_CHANNEL, { notify: (p) => heard.push(p), resync: ready, lost: failed });
      });
    });
    afterAll(async () => {
      await stop?.();
    });

    it.each(topics.flatMap(([topic, c]) => c.triggers.map((trigger) => [trigger, topic] as const)))(
      '%s announces %s',
      async (trigger, topic) => {
        const table = trigger.split(' on ')[1]!;
        heard.length = 0;
        // A statement trigger runs for a statement that touches no row.
        await database.db.execute(sql.raw(`delete from "${table}" where false`));
        for (let i = 0; i < 200 && !heard.length; i++) await new Promise((r) => setTimeout(r, 10));
        expect(heard).toEqual([topic]);
      },
    );
  });
});
