/**
 * The /my-account island (shell page; the address picks the view): /my-account shows the
 * profile, the API access panel, change password and sign out; /my-account/holds the trader's
 * holds (running, ended with the reason, stones they wait for); /my-account/client-pages the
 * pages the trader made for clients (views, expiry, open, revoke); /my-account/api the API
 * access page for users with api_allow. Visitors get the login dialog, staff go to /admin.
 * The sent bag requests are listed under the profile (left out if that call is missing).
 */
import { useEffect, useState } from 'react';
import { call, client } from '../../lib/api.ts';
import { setSession } from '../../stores/session.ts';
import { SignInPrompt } from '../ui/SignInPrompt.tsx';
import { ApiAccessPanel } from './ApiAccessPanel.tsx';
import { ApiPage } from './ApiPage.tsx';
import { ChangePasswordSection } from './ChangePasswordSection.tsx';
import { ProfileSection } from './ProfileSection.tsx';
import { RequestsSection } from './requests/RequestsSection.tsx';
import { HoldsSection } from '../holds/HoldsSection.tsx';
import { ClientPagesSection } from '../client-pages/ClientPagesSection.tsx';
import { useCustomer } from './use-customer.ts';
import '../../styles/stacked-table.css';
import './account.css';
import { routes } from '../../domain/routes.ts';

async function signOut() {
  setSession(await call(client.logout.$post()));
  window.location.assign(routes.home);
}

export default function AccountApp() {
  const guard = useCustomer();
  const [path, setPath] = useState<string>(routes.account);
  useEffect(() => setPath(window.location.pathname.replace(/\/+$/, '')), []);

  if (guard.state === 'loading' || guard.state === 'staff') {
    return <div className="acc-loading" role="progressbar" aria-busy="true" aria-label="Loading your account" />;
  }
  if (guard.state === 'visitor') {
    return <SignInPrompt audience="Trade customers" title="Please sign in to see your account" />;
  }
  const { user } = guard;
  const head = (
    <header className="acc-head">
      <p className="eyebrow">{user.companyName || 'Your account'}</p>
      <h1>
        {path === routes.accountApi
          ? 'API Link'
          : path === routes.accountHolds
            ? 'Holds'
            : path === routes.accountClientPages
              ? 'Client pages'
              : `Welcome, ${user.firstName}`}
      </h1>
      <nav className="acc-tabs" aria-label="Account">
        <a
          href={routes.account}
          aria-current={
            path !== routes.accountApi && path !== routes.accountHolds && path !== routes.accountClientPages
              ? 'page'
              : undefined
          }
        >
          Account
        </a>
        <a href={routes.accountHolds} aria-current={path === routes.accountHolds ? 'page' : undefined}>
          Holds
        </a>
        <a href={routes.accountClientPages} aria-current={path === routes.accountClientPages ? 'page' : undefined}>
          Client pages
        </a>
        {user.api_allow && (
          <a href={routes.accountApi} aria-current={path === routes.accountApi ? 'page' : undefined}>
            API Link
          </a>
        )}
        <button type="button" className="acc-signout" onClick={() => void signOut()}>
          Sign out
        </button>
      </nav>
    </header>
  );

  if (path === routes.accountHolds) {
    return (
      <>
        {head}
        <HoldsSection />
      </>
    );
  }
  if (path === routes.accountClientPages) {
    return (
      <>
        {head}
        <ClientPagesSection />
      </>
    );
  }
  if (path === routes.accountApi) {
    return (
      <>
        {head}
        <ApiPage user={user} />
      </>
    );
  }
  return (
    <>
      {head}
      <div className="acc-grid">
        <div className="acc-main">
          <ProfileSection user={user} />
          <RequestsSection />
        </div>
        <aside className="acc-side">
          <ApiAccessPanel user={user} />
          <ChangePasswordSection />
        </aside>
      </div>
    </>
  );
}
