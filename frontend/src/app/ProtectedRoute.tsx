import { useEffect, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { Role } from '@barber/shared';
import { LoadingScreen } from '../components/ui/Spinner';
import { roleAllows, useCurrentUser } from '../stores/session';

/**
 * The route guard (docs/spec/customer-side.md §2.2, docs/spec/barber-and-admin.md §2 "Route guard"):
 * - while the session loads, or the user is unauthenticated or lacks the role: "Loading...";
 * - unauthenticated: to /login?redirect={original path and query};
 * - role barber admits barber and admin; role admin admits admin; role customer is
 *   declared for customer and admin, but the final check admits only customers, so an
 *   admin stays on "Loading..." (spec note);
 * - insufficient role: to '/';
 * - no role: a session is enough.
 */
export function ProtectedRoute({ role, children }: { role?: Role; children: ReactNode }) {
  const { user, isLoading } = useCurrentUser();
  const [location, navigate] = useLocation();
  const search = useSearch();

  const declaredOk = !user || !role || roleAllows(role, user.role);
  const finalOk = !!user && (!role || (role === 'customer' ? user.role === 'customer' : roleAllows(role, user.role)));

  useEffect(() => {
    if (isLoading) return;
    if (!user) {
      const original = `${location}${search ? `?${search}` : ''}`;
      navigate(`/login?redirect=${encodeURIComponent(original)}`, { replace: true });
      return;
    }
    if (!declaredOk) navigate('/', { replace: true });
  }, [isLoading, user, declaredOk, location, search, navigate]);

  if (isLoading || !user || !finalOk) return <LoadingScreen />;
  return <>{children}</>;
}
