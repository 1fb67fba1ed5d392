import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CACHE_TOPICS } from '../db/caches.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { cacheSignalsOf } from './cache-signals.ts';

// Each in-memory copy is emptied by a notification (decision 0039): the triggers that announce a
// topic are checked against the database in server/db/sql-objects.test.ts and
// server/db/caches.test.ts; here, that a built app listens to every topic of the registry
// (server/db/caches.ts), and to no topic that nothing announces.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
}, 120_000);
afterAll(async () => {
  await t?.app.close();
});

describe('cache topics', () => {
  it('every announced topic has a listener in the app, and every listener an announced topic', () => {
    const topics = cacheSignalsOf(t.app, t.database).topics();
    expect([...new Set(topics)].sort()).toEqual([...CACHE_TOPICS].sort());
  });
});
