import { Navigate, Outlet } from 'react-router';
import { NotAllowed } from '@/components/not-allowed';
import { paths } from '@/config/paths';
import { isAdmin, useSession } from '@/lib/session';

/** The dashboard needs a stored token; without one (or once it is cleared) go to /signin (000 §2, §4). */
export function RequireSession() {
  const session = useSession();
  if (!session) return <Navigate to={paths.signin.getHref()} replace />;
  return <Outlet />;
}

/** A user already holding a token who opens the login page is sent to /dashboard (000 §2). */
export function RedirectIfSession() {
  const session = useSession();
  if (session) return <Navigate to={paths.dashboard.root.getHref()} replace />;
  return <Outlet />;
}

/** Admin-only screens tell an agent plainly that they are not allowed (000 §6, 001 §6). */
export function RequireAdmin() {
  const session = useSession();
  if (!isAdmin(session)) return <NotAllowed />;
  return <Outlet />;
}
