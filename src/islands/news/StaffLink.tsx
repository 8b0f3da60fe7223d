/**
 * An admin link (Manage News -> /admin/posts, Edit Post -> /admin/posts/{postId}) shown only
 * to staff: the spec leaves the gating open; visitors and customers have no use for it.
 */
import { AT_BUILD } from '../ui/at-build.ts';
import { useIslandStore } from '../ui/useIslandStore.ts';
import { useEffect } from 'react';
import { $isStaff, loadSession } from '../../stores/session.ts';

export default function StaffLink({ href, label }: { href: string; label: string }) {
  const staff = useIslandStore($isStaff, AT_BUILD.isStaff);
  useEffect(() => void loadSession().catch(() => undefined), []);
  if (!staff) return null;
  return (
    <a className="btn btn--ghost btn--small" href={href}>
      {label}
    </a>
  );
}
