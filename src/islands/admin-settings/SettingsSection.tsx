/**
 * The admin 'Settings' section, one entry of the admin navigation with three tabs:
 * Availability (/admin/settings: the catalogue's Diamonds Availability wording),
 * Rates & site (/admin/site-settings: exchange rates and default currency, registration
 * messages, site name and social links) and Requests (/admin/request-settings: the
 * wholesaler's details and the terms a request's PDF confirmation prints). Each tab is its
 * own address, so a link or a reload opens the same tab.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import AvailabilitySettings from './AvailabilitySettings.tsx';
import { routes } from '../../domain/routes.ts';

const RatesAndSiteSettings = lazy(() => import('../admin/settings/SettingsSection.tsx'));
const RequestTermsSettings = lazy(() => import('./RequestTermsSettings.tsx'));

const TABS = [
  { path: routes.adminSettings, label: 'Availability', intro: 'The wording customers see for stock availability.' },
  {
    path: routes.adminSiteSettings,
    label: 'Rates & site',
    intro: 'Exchange rates and the default currency, the messages for held accounts, the site name and social links.',
  },
  {
    path: routes.adminRequestSettings,
    label: 'Requests',
    intro: 'The wholesaler’s details and the terms printed on a request’s memo or pro-forma invoice.',
  },
] as const;

export default function SettingsSection() {
  const [path, setPath] = useState<string>(TABS[0].path);
  useEffect(() => setPath(window.location.pathname.replace(/\/+$/, '')), []);
  const tab = TABS.find((t) => path === t.path || path.startsWith(`${t.path}/`)) ?? TABS[0];
  return (
    <section aria-labelledby="adm-settings">
      <header className="adm-head">
        <h1 id="adm-settings">Settings</h1>
        <p className="adm-muted">{tab.intro}</p>
      </header>
      <nav className="adm-subnav" aria-label="Settings">
        {TABS.map((t) => (
          <a key={t.path} href={t.path} aria-current={t === tab ? 'page' : undefined}>
            {t.label}
          </a>
        ))}
      </nav>
      {tab.path === routes.adminSettings ? (
        <AvailabilitySettings />
      ) : (
        <Suspense fallback={<div className="adm-loading" aria-busy="true" />}>
          {tab.path === routes.adminSiteSettings ? <RatesAndSiteSettings /> : <RequestTermsSettings />}
        </Suspense>
      )}
    </section>
  );
}
