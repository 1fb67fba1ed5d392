/**
 * Is this error "the database cannot be reached right now" rather than a fault of the request or
 * the code? Such errors answer 503 (try again later), not 500: the server is down, restarting, in
 * crash recovery, shutting down, the connection broke, or connecting timed out.
 */

// Node socket errors when the server is not there (or went away mid-conversation).
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNABORTED',
]);

// SQLSTATE: 57P01 admin_shutdown (also what the open connections get when the database is dropped
// under them), 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up, in recovery, shutting
// down), 57P04 database_dropped, 57P05 idle_session_timeout, 53300 too_many_connections, 3D000
// invalid_catalog_name (a new connection to a database that was dropped or is not created yet);
// class 08 is "connection exception".
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '57P04', '57P05', '53300', '3D000']);

// Messages of node-postgres and pg-pool that carry no code.
const MESSAGES = [
  /^Connection terminated/, // "… unexpectedly", "… due to connection timeout", plain
  /^timeout expired$/, // the client's own connect timeout
  /^timeout exceeded when trying to connect$/, // waiting for a pooled connection
  /is not queryable$/, // "Client has encountered a connection error and is not queryable"
  /^Cannot use a pool after calling end on the pool$/,
];

function matches(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { code?: unknown; message?: unknown };
  if (typeof e.code === 'string') {
    if (SOCKET_CODES.has(e.code) || SQLSTATES.has(e.code) || /^08[0-9A-Z]{3}$/.test(e.code)) return true;
  }
  return typeof e.message === 'string' && MESSAGES.some((m) => m.test(e.message as string));
}

export function isDatabaseUnavailable(err: unknown): boolean {
  // Drizzle wraps driver errors (DrizzleQueryError → cause); Node wraps parallel connect attempts
  // (IPv4 and IPv6) in an AggregateError. Follow both, a few levels deep.
  const seen = new Set<unknown>();
  const queue: unknown[] = [err];
  while (queue.length && seen.size < 20) {
    const e = queue.shift();
    if (!e || typeof e !== 'object' || seen.has(e)) continue;
    seen.add(e);
    if (matches(e)) return true;
    const { cause, errors } = e as { cause?: unknown; errors?: unknown };
    if (cause) queue.push(cause);
    if (Array.isArray(errors)) queue.push(...errors);
  }
  return false;
}
