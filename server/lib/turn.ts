/**
 * Gives the event loop a turn: work over thousands of rows (a month of 4,000 letters, a province's
 * import) calls it every few hundred rows so that other requests are answered in between.
 */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Rows handled between two turns by such loops, and rows a statement writes at once. */
export const ROWS_PER_TURN = 200;

/**
 * The longest a loop over many rows keeps the event loop before it gives other requests a turn.
 * Rows cost what they cost (planning a teacher's KGB from the decrees takes ten times as long as
 * copying a row), so the loop measures time rather than counting: a reader waits at most this long
 * behind it (the p99 targets of docs/performance.md are 20 to 40 ms).
 */
export const TURN_BUDGET_MS = 8;

/**
 * A loop's turn-taker: `await turn()` on every row gives the event loop a turn once
 * TURN_BUDGET_MS have passed since the last one, and costs a clock reading otherwise.
 */
export function turns(budgetMs = TURN_BUDGET_MS): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < budgetMs) return;
    await nextTurn();
    since = performance.now();
  };
}
