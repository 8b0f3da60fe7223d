/**
 * The account area's guard: loads the session; a visitor gets the login dialog (returning
 * here after sign-in), staff are sent to /admin. Returns the signed-in customer, or null
 * while loading or when signed out.
 */
import { AT_BUILD } from '../ui/at-build.ts';
import { useIslandStore } from '../ui/useIslandStore.ts';
import { useEffect } from 'react';
import { openDialog } from '../../stores/dialog.ts';
import { $session, loadSession, type UserView } from '../../stores/session.ts';
import { routes } from '../../domain/routes.ts';

export type Guard =
  { state: 'loading' } | { state: 'visitor' } | { state: 'staff' } | { state: 'user'; user: UserView };

export function useCustomer(): Guard {
  const session = useIslandStore($session, AT_BUILD.session);
  useEffect(() => {
    void loadSession().then((s) => {
      const here = window.location.pathname + window.location.search + window.location.hash;
      if (!s.user) openDialog('login', { returnTo: here });
      else if (s.user.role !== 'user') window.location.replace(routes.admin);
    });
  }, []);
  if (session.status !== 'ready') return { state: 'loading' };
  if (!session.user) return { state: 'visitor' };
  if (session.user.role !== 'user') return { state: 'staff' };
  return { state: 'user', user: session.user };
}
