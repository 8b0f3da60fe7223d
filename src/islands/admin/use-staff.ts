/**
 * The admin area's guard: a visitor gets the login dialog (returning here), a customer
 * (role user) is sent to /my-account. Returns the signed-in staff user, or null.
 */
import { AT_BUILD } from '../ui/at-build.ts';
import { useIslandStore } from '../ui/useIslandStore.ts';
import { useEffect } from 'react';
import { openDialog } from '../../stores/dialog.ts';
import { $session, loadSession, type UserView } from '../../stores/session.ts';
import { routes } from '../../domain/routes.ts';

export type StaffGuard = { state: 'loading' } | { state: 'visitor' } | { state: 'staff'; user: UserView };

export function useStaff(): StaffGuard {
  const session = useIslandStore($session, AT_BUILD.session);
  useEffect(() => {
    void loadSession().then((s) => {
      if (!s.user) openDialog('login', { returnTo: window.location.pathname + window.location.search });
      else if (s.user.role === 'user') window.location.replace(routes.account);
    });
  }, []);
  if (session.status !== 'ready') return { state: 'loading' };
  if (!session.user) return { state: 'visitor' };
  if (session.user.role === 'user') return { state: 'loading' };
  return { state: 'staff', user: session.user };
}
