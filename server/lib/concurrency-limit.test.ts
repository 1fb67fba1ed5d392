import { describe, expect, it } from 'vitest';
import { concurrencyLimit } from './concurrency-limit.ts';

function deferred() {
  let resolve!: () => void;
  let reject!: (err: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('concurrencyLimit', () => {
  it('runs two at once, the rest in the order they came; a failed task hands its place on', async () => {
    const limit = concurrencyLimit(2);
    const tasks = Array.from({ length: 5 }, deferred);
    const started: number[] = [];
    const results = tasks.map((t, i) =>
      limit(async () => {
        started.push(i);
        await t.promise;
        return i;
      }).catch((err: Error) => err.message),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect([limit.running, limit.waiting]).toEqual([2, 3]);

    tasks[1]!.reject(new Error('gagal'));
    await expect(results[1]).resolves.toBe('gagal');
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([0, 1, 2]);
    expect([limit.running, limit.waiting]).toEqual([2, 2]);

    for (const t of tasks) t.resolve();
    expect(await Promise.all(results)).toEqual([0, 'gagal', 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect([limit.running, limit.waiting]).toEqual([0, 0]);
  });
});
