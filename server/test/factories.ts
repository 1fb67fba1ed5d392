import type { Db } from '../db/client.ts';
import { sekolah, users } from '../db/schema/index.ts';
import { ROLE_ADMIN, ROLE_OPERATOR } from '#contract/auth.ts';
import { hashPassword } from '../lib/password.ts';

export const TEST_PASSWORD = 'rahasia-uji-123';
let cachedHash: Promise<string> | null = null;
const testHash = () => (cachedHash ??= hashPassword(TEST_PASSWORD));

export async function createAdmin(db: Db, username = 'admin') {
  const [row] = await db.insert(users).values({ username, nama: 'Admin Uji', passwordHash: await testHash(), roleId: ROLE_ADMIN }).returning();
  return row!;
}

let npsnCounter = 0;

/** A school and its operator account (username = NPSN). */
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
