import type { Db } from './client.ts';

/**
 * A prepared statement, built once per session: the pool's, or a write request's transaction
 * (the request-scoped `db` answers the session of the current scope). Building a drizzle select
 * costs more CPU than running a small one, and a named statement is planned once per connection.
 */
export function perSession<T>(db: Db, build: () => T): () => T {
  const built = new WeakMap<object, T>();
  return () => {
    const key = db._.session;
    let q = built.get(key);
    if (!q) built.set(key, (q = build()));
    return q;
  };
}
