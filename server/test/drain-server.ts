// A small server for server/test/faults.test.ts, run as a child process: Fastify with a slow
// route and the graceful stop of server/main.ts (server/lib/shutdown.ts), so SIGTERM can be tested
// without the full start-up. Prints "listening <port>", and "database closed" when the stand-in
// database is closed.
import Fastify from 'fastify';
import { gracefulShutdown } from '../lib/shutdown.ts';

const timeoutMs = Number(process.env.SHUTDOWN_TIMEOUT_MS || 10_000);
const app = Fastify({ return503OnClosing: true });
app.get('/slow', async (request) => {
  const ms = Number((request.query as { ms?: string }).ms ?? 1000);
  await new Promise((r) => setTimeout(r, ms));
  return { done: ms };
});
app.get('/fast', async () => ({ ok: true }));

let closed = false;
const closeDatabase = async () => {
  if (closed) return;
  closed = true;
  console.log('database closed');
};
const shutdown = gracefulShutdown({
  timeoutMs,
  stop: async () => {
    await app.close();
    await closeDatabase();
  },
  forced: closeDatabase,
  log: (m) => console.log(m),
});
process.on('SIGTERM', () => void shutdown.begin('SIGTERM'));

await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`listening ${(app.server.address() as { port: number }).port}`);
