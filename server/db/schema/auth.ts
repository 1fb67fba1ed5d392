import {
  pgTable,
  serial,
  integer,
  text,
  varchar,
  smallint,
  boolean,
  timestamp,
  index,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

export const roles = pgTable('roles', {
  id: integer('id').primaryKey(),
  name: varchar('name', { length: 50 }).notNull(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: varchar('username', { length: 100 }).notNull(),
    nama: varchar('nama', { length: 200 }).notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    /** 1 = active (SPEC §4); anything else cannot log in. */
    statusAkun: smallint('status_akun').notNull().default(1),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_username_lower_uq').on(sql`lower(${t.username})`)],
);

/** Opaque bearer tokens, stored only as their SHA-256, so logout and deactivation revoke at once. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 300 }),
    /**
     * An administrator signed in without two-factor sign-in while it is required (TOTP_WAJIB_ADMIN):
     * the session reaches only the set-up routes until TOTP is active.
     */
    perluTotp: boolean('perlu_totp').notNull().default(false),
  },
  (t) => [uniqueIndex('sessions_token_hash_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/**
 * Two-factor sign-in (TOTP, RFC 6238). Kept apart from `users` and out of the audit
 * trigger, so the secret and the recovery codes' hashes never reach the audit log. `aktif` false is
 * a set-up in progress; `lastStep` refuses a code twice; recovery codes are stored as SHA-256 and
 * removed when used.
 */
export const userTotp = pgTable('user_totp', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  aktif: boolean('aktif').notNull().default(false),
  lastStep: integer('last_step'),
  kodePemulihan: text('kode_pemulihan')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  aktifAt: timestamp('aktif_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Failed-login counters per key (`u:<username>` or `ip:<address>`) in a fixed window. */
export const loginThrottle = pgTable('login_throttle', {
  key: varchar('key', { length: 200 }).primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
});
