import type { Session } from '#contract/auth.ts';
import { ROLE_ADMIN } from '#contract/roles.ts';

// SPEC §3: the session is stored under the key `user`. With "remember me" it lives in
// localStorage (survives the browser); without, in sessionStorage (ends with the tab).
const KEY = 'user';

export function getSession(): Session | null {
  const raw = sessionStorage.getItem(KEY) ?? localStorage.getItem(KEY);
  if (!raw) return null;
  try {
    const s = JSON.parse(raw) as Session;
    return s?.access_token && s.user?.roles ? s : null;
  } catch {
    return null;
  }
}

export function saveSession(session: Session, remember: boolean): void {
  clearSession();
  (remember ? localStorage : sessionStorage).setItem(KEY, JSON.stringify(session));
}

/** Updates the stored user (e.g. after a password change) where the session already lives. */
export function updateSessionUser(user: Session['user']): void {
  const current = getSession();
  if (!current) return;
  const store = sessionStorage.getItem(KEY) ? sessionStorage : localStorage;
  store.setItem(KEY, JSON.stringify({ ...current, user }));
}

export function clearSession(): void {
  localStorage.removeItem(KEY);
  sessionStorage.removeItem(KEY);
}

export function isAdmin(session: Session | null): boolean {
  return session?.user.roles.id === ROLE_ADMIN;
}
