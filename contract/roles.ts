// Roles: plain values without zod, so a screen that needs only these does not download zod and
// the schemas of auth.ts. auth.ts re-exports them for the server.

export const ROLE_ADMIN = 1;
export const ROLE_OPERATOR = 2;
export type RoleId = typeof ROLE_ADMIN | typeof ROLE_OPERATOR;

export const ROLE_NAMES: Record<RoleId, string> = {
  [ROLE_ADMIN]: 'administrator',
  [ROLE_OPERATOR]: 'operator sekolah',
};
