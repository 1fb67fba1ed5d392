import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { perSession } from '../../db/prepared.ts';
import { sessions, users, roles, sekolah } from '../../db/schema/index.ts';
import type { SessionUser } from '#contract/auth.ts';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface SessionLookup {
  sessionId: number;
  createdAt: Date;
  lastSeenAt: Date;
  statusAkun: number;
  user: SessionUser;
}

export function sessionRepository(db: Db) {
  // Every signed-in request runs this lookup: prepared once per session (server/db/prepared.ts).
  const lookupQuery = perSession(db, () =>
    db
      .select({
        sessionId: sessions.id,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        userId: users.id,
        username: users.username,
        nama: users.nama,
        statusAkun: users.statusAkun,
        mustChange: users.mustChangePassword,
        perluTotp: sessions.perluTotp,
        roleId: roles.id,
        roleName: roles.name,
        sekolahId: sekolah.id,
        npsn: sekolah.npsn,
        namaSekolah: sekolah.namaSekolah,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .innerJoin(roles, eq(roles.id, users.roleId))
      .leftJoin(sekolah, and(eq(sekolah.npsn, users.username), eq(users.roleId, 2)))
      .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.revokedAt)))
      .limit(1)
      .prepare('session_lookup'),
  );

  return {
    /** Creates a session and returns the bearer token; only its SHA-256 is stored. */
    async create(
      userId: number,
      ip: string | null,
      userAgent: string | null,
      now: Date,
      perluTotp = false,
    ): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      await db.insert(sessions).values({
        tokenHash: hashToken(token),
        userId,
        createdAt: now,
        lastSeenAt: now,
        ip,
        userAgent: userAgent?.slice(0, 300) ?? null,
        perluTotp,
      });
      return token;
    },

    async findByToken(token: string): Promise<SessionLookup | null> {
      const [row] = await lookupQuery().execute({ tokenHash: hashToken(token) });
      if (!row) return null;
      return {
        sessionId: row.sessionId,
        createdAt: row.createdAt,
        lastSeenAt: row.lastSeenAt,
        statusAkun: row.statusAkun,
        user: {
          id: row.userId,
          username: row.username,
          nama: row.nama,
          roles: { id: row.roleId, name: row.roleName },
          must_change_password: row.mustChange,
          wajib_totp: row.perluTotp,
          sekolah:
            row.sekolahId && row.npsn && row.namaSekolah
              ? { id: row.sekolahId, npsn: row.npsn, nama_sekolah: row.namaSekolah }
              : null,
        },
      };
    },

    async touch(sessionId: number, now: Date): Promise<void> {
      await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId));
    },

    async revoke(sessionId: number, now: Date): Promise<void> {
      await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, sessionId));
    },

    /** Revokes every live session of a user, optionally keeping one (the caller's own). */
    async revokeAllOfUser(userId: number, now: Date, exceptSessionId?: number): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(
          and(
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
            exceptSessionId === undefined ? undefined : sql`${sessions.id} <> ${exceptSessionId}`,
          ),
        );
    },
  };
}
export type SessionRepository = ReturnType<typeof sessionRepository>;
