/**
 * Gives the event loop a turn: work over thousands of rows (a month of 4,000 letters, a province's
 * import) calls it every few hundred rows so that other requests are answered in between.
 */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Rows handled between two turns by such loops. */
export const ROWS_PER_TURN = 200;
