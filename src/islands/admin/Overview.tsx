/** /admin: a greeting, the number of registrations awaiting approval, and the sections. */
import { useEffect, useState } from 'react';
import { api } from '../../lib/api.ts';
import type { UserView } from '../../stores/session.ts';
import { ADMIN_SECTIONS } from './sections.ts';

export function Overview({ user }: { user: UserView }) {
  const [pending, setPending] = useState<number | null>(null);
  useEffect(() => {
    api
      .get<{ totalDocs: number }>('/admin/customers', { query: { status: 'pending', limit: 1 } })
      .then((r) => setPending(r.totalDocs))
      .catch(() => setPending(null));
  }, []);
  return (
    <>
      <header className="adm-head">
        <h1>Good to see you, {user.firstName}</h1>
      </header>
      <a className="adm-stat" href="/admin/customers?status=pending">
        <span className="adm-stat__num num">{pending ?? '–'}</span>
        <span className="adm-stat__label">
          {pending === 1 ? 'registration awaits' : 'registrations await'} approval
        </span>
      </a>
      <ul className="adm-cards">
        {ADMIN_SECTIONS.map((s) => (
          <li key={s.path}>
            <a href={s.path}>
              <strong>{s.label}</strong>
              <span>{s.summary}</span>
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}
