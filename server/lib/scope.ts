import { ROLE_ADMIN } from '#contract/auth.ts';

/** The school a signed-in user is limited to: none for an administrator, the operator's own NPSN (= username) otherwise. */
export const ownNpsn = (user: { roles: { id: number }; username: string }): string | undefined =>
  user.roles.id === ROLE_ADMIN ? undefined : user.username;
