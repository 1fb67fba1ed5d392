import type { Db } from '../db/client.ts';
import { sekolah, users } from '../db/schema/index.ts';
import { ROLE_ADMIN, ROLE_OPERATOR } from '#contract/auth.ts';
import { hash } from '@node-rs/argon2';

export const TEST_PASSWORD = 'rahasia-uji-123';
let cachedHash: Promise<string> | null = null;
// The accounts the factories make carry a cheap argon2id hash (m=1 MiB, t=1): verifying it is the
// application's own code (the hash names its parameters), about 1 ms instead of 30 for every login
// of every test. Passwords the API sets are hashed with the real parameters (lib/password.ts, its test).
const testHash = () => (cachedHash ??= hash(TEST_PASSWORD, { memoryCost: 1024, timeCost: 1, parallelism: 1 }));

export async function createAdmin(db: Db, username = 'admin') {
  const [row] = await db
    .insert(users)
    .values({ username, nama: 'Admin Uji', passwordHash: await testHash(), roleId: ROLE_ADMIN })
    .returning();
  return row!;
}

let npsnCounter = 0;

/** A school and its operator account (username = NPSN). */
/** School A of the API tests: SMA Negeri 1 Kota Ternate, NPSN 60200100 (its operator logs in as 60200100). */
export const SCHOOL_A = {
  npsn: '60200100',
  bentukPendidikan: 'SMA',
  namaSekolah: 'SMA Negeri 1 Kota Ternate',
} as const;

/** A second school of the API tests: SD Negeri 5 Jailolo, NPSN 60200200. */
export const SD_JAILOLO = { npsn: '60200200', bentukPendidikan: 'SD', namaSekolah: 'SD Negeri 5 Jailolo' } as const;

export async function createSchoolWithOperator(db: Db, values: Partial<typeof sekolah.$inferInsert> = {}) {
  npsnCounter++;
  const npsn = values.npsn ?? `6099${String(npsnCounter).padStart(4, '0')}`;
  const [school] = await db
    .insert(sekolah)
    .values({ npsn, namaSekolah: `SD Negeri ${npsnCounter} Uji`, status: 'Negeri', bentukPendidikan: 'SD', ...values })
    .returning();
  const [operator] = await db
    .insert(users)
    .values({ username: npsn, nama: `Operator ${npsn}`, passwordHash: await testHash(), roleId: ROLE_OPERATOR })
    .returning();
  return { school: school!, operator: operator! };
}
