import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import type { SessionUser } from '#contract/auth.ts';
import type { SecurityEvent } from '#contract/audit-values.ts';
import { requestActor } from '../../plugins/transactions.ts';

/**
 * Writes a security event (ASVS 7.2.1, 7.2.2) into the audit log: who (when known),
 * from which address, through which call and request. `detail` never holds a secret: a username
 * typed at login, an NPSN, a route. Pass the request's database handle when the event belongs to
 * the request's transaction (a reset), the write pool when it must survive a failed request.
 */
export async function recordSecurityEvent(
  db: Db,
  request: FastifyRequest,
  event: SecurityEvent,
  detail: Record<string, unknown> = {},
  who: SessionUser | null = request.auth?.user ?? null,
): Promise<void> {
  const actor = requestActor(request, who);
  await db.insert(auditLog).values({
    userId: actor.user_id,
    username: actor.username,
    role: actor.role,
    npsn: actor.npsn,
    ip: actor.ip,
    requestId: actor.request_id,
    metode: actor.metode,
    rute: actor.rute,
    tabel: 'keamanan',
    entitasId: event,
    aksi: 'EVENT',
    sesudah: detail,
  });
}

/** Every refused API call (403) becomes a security event, written through `writeDb` (the write pool). */
export function registerRefusalEvents(app: FastifyInstance, writeDb: Db): void {
  // Refused attempts (403) are security events (ASVS 7.2.2): written after the answer, outside the
  // request's transaction (rolled back by then), so the refusal is recorded but never delayed. The
  // server's close waits for those still being written (the database is closed after it).
  const eventsBeingWritten = new Set<Promise<void>>();
  app.addHook('onResponse', (request, reply, done) => {
    if (reply.statusCode === 403 && request.url.startsWith('/api')) {
      const writing: Promise<void> = recordSecurityEvent(writeDb, request, 'akses_ditolak', {
        rute: request.url.split('?')[0],
      })
        .catch((err: unknown) => request.log.error({ err }, 'security event not recorded'))
        .finally(() => eventsBeingWritten.delete(writing));
      eventsBeingWritten.add(writing);
    }
    done();
  });
  app.addHook('onClose', async () => {
    await Promise.all(eventsBeingWritten);
  });
}
