import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import type { SessionUser } from '#contract/auth.ts';
import type { SecurityEvent } from '#contract/audit-values.ts';

/**
 * Writes a security event (ASVS 7.2.1, 7.2.2) into the audit log: who (when known),
 * from which address, through which call and request. `detail` never holds a secret: a username
 * typed at login, an NPSN, a route. Pass the request's database handle when the event belongs to
 * the request's transaction (a reset), the write pool when it must survive a failed request.
 */
export async function recordSecurityEvent(db: Db, request: FastifyRequest, event: SecurityEvent, detail: Record<string, unknown> = {}, who: SessionUser | null = request.auth?.user ?? null): Promise<void> {
  await db.insert(auditLog).values({
    userId: who?.id ?? null,
    username: who?.username ?? null,
    role: who?.roles.id ?? null,
    npsn: who?.sekolah?.npsn ?? null,
    ip: request.ip,
    requestId: String(request.id),
    metode: request.method,
    rute: request.routeOptions.url ?? request.url.split('?')[0]!,
    tabel: 'keamanan',
    entitasId: event,
    aksi: 'EVENT',
    sesudah: detail,
  });
}
