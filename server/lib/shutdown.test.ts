// The order of a graceful stop (server/serve.ts): not ready first, keep serving for the drain time,
// then close; the drain counts against the shutdown timeout.
import { describe, expect, it } from 'vitest';
import { gracefulShutdown } from './shutdown.ts';
import { loadConfig } from '../config.ts';
import { within } from '../test/wall-clock.ts';

describe('gracefulShutdown with a drain time', () => {
  it('marks "not ready" at once, stops only after drainMs, exits 0', async () => {
    const events: string[] = [];
    const t0 = performance.now();
    let stoppedAt = 0;
    const exited = new Promise<number>((resolve) => {
      const shutdown = gracefulShutdown({
        timeoutMs: 5000,
        drainMs: 300,
        drain: () => events.push('drain'),
        stop: async () => {
          stoppedAt = performance.now() - t0;
          events.push('stop');
        },
        log: () => undefined,
        exit: resolve,
      });
      void shutdown.begin('SIGTERM');
      events.push('signalled');
    });
    expect(await exited).toBe(0);
    expect(events).toEqual(['drain', 'signalled', 'stop']);
    expect(stoppedAt).toBeGreaterThanOrEqual(290);
  });

  it('without a drain time, stops at once', async () => {
    const events: string[] = [];
    const exited = new Promise<number>((resolve) => {
      void gracefulShutdown({
        timeoutMs: 5000,
        drain: () => events.push('drain'),
        stop: async () => void events.push('stop'),
        log: () => undefined,
        exit: resolve,
      }).begin('SIGTERM');
    });
    expect(await exited).toBe(0);
    expect(events).toEqual(['drain', 'stop']);
  });

  it('the drain counts against the timeout: exit 1 when drain and stop take longer', async () => {
    const t0 = performance.now();
    const code = await new Promise<number>((resolve) => {
      void gracefulShutdown({
        timeoutMs: 200,
        drainMs: 150,
        stop: () => new Promise((r) => setTimeout(r, 1000)),
        log: () => undefined,
        exit: resolve,
      }).begin('SIGTERM');
    });
    expect(code).toBe(1);
    within(performance.now() - t0, 3000, 'exit after the timeout');
  });
});

describe('SHUTDOWN_DRAIN_MS', () => {
  it('defaults to 0 and must be shorter than SHUTDOWN_TIMEOUT_MS', () => {
    expect(loadConfig({}).shutdownDrainMs).toBe(0);
    expect(loadConfig({ SHUTDOWN_DRAIN_MS: '5000' }).shutdownDrainMs).toBe(5000);
    expect(() => loadConfig({ SHUTDOWN_DRAIN_MS: '10000' })).toThrow(/SHUTDOWN_DRAIN_MS/);
    expect(() => loadConfig({ SHUTDOWN_DRAIN_MS: '-1' })).toThrow(/SHUTDOWN_DRAIN_MS/);
    expect(loadConfig({ SHUTDOWN_DRAIN_MS: '15000', SHUTDOWN_TIMEOUT_MS: '20000' }).shutdownDrainMs).toBe(15000);
  });
});
