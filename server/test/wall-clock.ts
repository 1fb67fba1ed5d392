import { expect } from 'vitest';

// Wall-clock limits (health within 300 ms while uploads are checked, a 503 within 2 s, a drain
// within 5 s) hold on a quiet machine and fail on a busy one: the default suite checks the
// behaviour (the check is stopped, the answer is a refusal), and the fault suite's `timing`
// scenario (`npm run test:faults -- timing`, scripts/fault/timing.ts, docs/reliability.md) runs
// the same test files with TEST_WALL_CLOCK=1, which asserts the limits as well.
export const WALL_CLOCK = process.env.TEST_WALL_CLOCK === '1';

/** A wall-clock limit, asserted in the fault suite only. */
export function within(ms: number, limit: number, what: string): void {
  if (WALL_CLOCK) expect(ms, what).toBeLessThan(limit);
}
