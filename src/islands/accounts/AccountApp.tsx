/**
 * The /my-account island (shell page; the address picks the view): /my-account shows the
 * profile, the API access panel, change password and sign out; the other tabs are listed in
 * TABS: the trader's holds (running, ended with the reason, stones they wait for), saved
 * searches (open, edit, delete), the pages made for clients (views, expiry, open, revoke) and,
 * for users with api_allow, API Link. Visitors get the login dialog, staff go to /admin.
 * The sent bag requests are listed under the profile (left out if that call is missing).
 */
import { useEffect, useState, type ReactNode } from 'react';
import { call, client } from '../../lib/api.ts';
import { setSession, type UserView } from '../../stores/session.ts';
import { SignInPrompt } from '../ui/SignInPrompt.tsx';
import { ApiAccessPanel } from './ApiAccessPanel.tsx';
import { ApiPage } from './ApiPage.tsx';
import { ChangePasswordSection } from './ChangePasswordSection.tsx';
import { ProfileSection } from './ProfileSection.tsx';
import { RequestsSection } from './requests/RequestsSection.tsx';
import { HoldsSection } from '../holds/HoldsSection.tsx';
import { SavedSearchesSection } from '../saved-searches/SavedSearchesSection.tsx';
import { ClientPagesSection } from '../client-pages/ClientPagesSection.tsx';
import { useCustomer } from './use-customer.ts';
import '../../styles/stacked-table.css';
import './account.css';
import { routes } from '../../domain/routes.ts';

type Tab = { path: string; label: string; show?: (user: UserView) => boolean; view: (user: UserView) => ReactNode };

/** The account's tabs after "Account" (the profile), in order. */
const TABS: Tab[] = [
  { path: routes.accountHolds, label: 'Holds', view: () => <HoldsSection /> },
  { path: routes.accountSavedSearches, label: 'Saved searches', view: () => <SavedSearchesSection /> },
  { path: routes.accountClientPages, label: 'Client pages', view: () => <ClientPagesSection /> },
  { path: routes.accountApi, label: 'API Link', show: (u) => u.api_allow, view: (u) => <ApiPage user={u} /> },
];

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
  const tabs = TABS.filter((t) => t.show?.(user) ?? true);
  const open = TABS.find((t) => t.path === path);
  const head = (
    <header className="acc-head">
      <p className="eyebrow">{user.companyName || 'Your account'}</p>
      <h1>{open ? open.label : `Welcome, ${user.firstName}`}</h1>
      <nav className="acc-tabs" aria-label="Account">
        <a href={routes.account} aria-current={open ? undefined : 'page'}>
          Account
        </a>
        {tabs.map((t) => (
          <a key={t.path} href={t.path} aria-current={t === open ? 'page' : undefined}>
            {t.label}
          </a>
        ))}
        <button type="button" className="acc-signout" onClick={() => void signOut()}>
          Sign out
        </button>
      </nav>
    </header>
  );

  if (open) {
    return (
      <>
        {head}
        {open.view(user)}
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
