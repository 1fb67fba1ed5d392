/**
 * Runs at most `n` of the tasks given to it at once; the others wait, first come first served, and
 * a task that fails gives its place to the next like one that succeeds.
 */
export function concurrencyLimit(n: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running < n) running++;
    // The place is handed over by the task that ends (running stays the same).
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  }
  // Getters, read when asked (Object.assign would copy their values once).
  return Object.defineProperties(run, {
    /** Tasks running now. */
    running: { get: () => running },
    /** Tasks waiting for a place. */
    waiting: { get: () => waiting.length },
  }) as typeof run & { readonly running: number; readonly waiting: number };
}
