/**
 * The /admin island (shell page; the address picks the section): navigation from the
 * section registry (sections.ts), the dashboard at /admin, each section at its own path
 * (an unknown /admin/... address says so). Visitors get the login dialog; customers (role
 * user) go to /my-account.
 */
import { Suspense, useEffect, useState } from 'react';
import { call, client } from '../../lib/api.ts';
import { setSession } from '../../stores/session.ts';
import { SignInPrompt } from '../ui/SignInPrompt.tsx';
import { ADMIN_SECTIONS, sectionFor } from './sections.ts';
import { useStaff } from './use-staff.ts';
import '../../styles/stacked-table.css';
import './admin.css';
import { routes } from '../../domain/routes.ts';

async function signOut() {
  setSession(await call(client.logout.$post()));
  window.location.assign(routes.home);
}

export default function AdminApp() {
  const guard = useStaff();
  const [path, setPath] = useState<string | null>(null);
  useEffect(() => setPath(window.location.pathname), []);

  if (guard.state === 'visitor') {
    return <SignInPrompt audience="Staff" title="Please sign in to use the admin area" />;
  }
  if (guard.state === 'loading' || path == null)
    return <div className="adm-loading" role="progressbar" aria-busy="true" aria-label="Loading" />;

  const section = sectionFor(path);
  const Section = section?.component;
  return (
    <div className="adm">
      <aside className="adm-nav">
        <p className="eyebrow">Admin</p>
        <nav aria-label="Admin">
          {ADMIN_SECTIONS.map((s) => (
            <a key={s.path} href={s.path} aria-current={s === section ? 'page' : undefined}>
              {s.label}
            </a>
          ))}
        </nav>
        <div className="adm-who">
          <span>
            {guard.user.firstName} {guard.user.lastName}
          </span>
          <button type="button" className="adm-signout" onClick={() => void signOut()}>
            Sign out
          </button>
        </div>
      </aside>
      <div className="adm-main">
        {Section ? (
          <Suspense fallback={<div className="adm-loading" aria-busy="true" />}>
            <Section />
          </Suspense>
        ) : (
          <section className="adm-missing">
            <h1>There is nothing at this address</h1>
            <p className="adm-muted">
              Choose a section on the left, or go back to the{' '}
              <a className="link" href={routes.admin}>
                dashboard
              </a>
              .
            </p>
          </section>
        )}
      </div>
    </div>
  );
}
