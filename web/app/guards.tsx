import { Navigate, Outlet, useLocation } from 'react-router';
import type { ReactNode } from 'react';
import { getSession } from '../lib/session.ts';
import { homeOf, isAdminFamily, type Family } from './paths.ts';
import { ROLE_ADMIN } from '#contract/roles.ts';
import type { SessionUser } from '#contract/auth.ts';

/** Where a session must go before anything else: a one-time password, then a required TOTP set-up. */
export function firstStop(user: SessionUser): string | null {
  if (user.must_change_password) return '/ganti-password';
  if (user.wajib_totp) return '/verifikasi-dua-langkah';
  return null;
}

/** / and /login: a signed-in user goes to their role's dashboard instead. */
export function PublicOnly() {
  const session = getSession();
  if (session) return <Navigate to={firstStop(session.user) ?? homeOf(session.user.roles.id)} replace />;
  return <Outlet />;
}

/**
 * Protected areas: no session goes to /login; a pending one-time password to /ganti-password; an
 * operator on an admin URL to /permission (the server refuses those calls anyway); an
 * administrator on an operator URL to the admin dashboard.
 */
export function RequireFamily({
  family,
  children,
}: {
  family: Family;
  children: (session: NonNullable<ReturnType<typeof getSession>>) => ReactNode;
}) {
  const location = useLocation();
  const session = getSession();
  if (!session) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  const stop = firstStop(session.user);
  if (stop) return <Navigate to={stop} replace />;
  const admin = session.user.roles.id === ROLE_ADMIN;
  if (isAdminFamily(family) && !admin) return <Navigate to="/permission" replace />;
  if (!isAdminFamily(family) && admin) return <Navigate to={homeOf(ROLE_ADMIN)} replace />;
  return <>{children(session)}</>;
}

export function RequireSession() {
  if (!getSession()) return <Navigate to="/login" replace />;
  return <Outlet />;
}
