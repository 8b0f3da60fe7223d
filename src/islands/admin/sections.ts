/**
 * The admin area's sections: the navigation and the routes of /admin are built from this
 * list, so a feature adds its section with one line. `path` is the address the section's
 * navigation entry opens; the section also owns everything under it and the `also` paths
 * (the dashboard is /admin itself; Settings has two tabs, /admin/settings and
 * /admin/site-settings). `component` is imported lazily.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { routes } from '../../domain/routes.ts';

export type AdminSection = {
  path: string;
  label: string;
  /** other addresses this section answers (each with everything under it) */
  also?: string[];
  component: LazyExoticComponent<ComponentType>;
};

export const DASHBOARD: AdminSection = {
  path: routes.admin,
  label: 'Dashboard',
  also: [routes.adminDashboard],
  component: lazy(() => import('./dashboard/DashboardSection.tsx')),
};

export const ADMIN_SECTIONS: AdminSection[] = [
  DASHBOARD,
  {
    path: routes.adminCustomers,
    label: 'Customers',
    component: lazy(() => import('./customers/CustomersSection.tsx')),
  },
  {
    path: routes.adminRequests,
    label: 'Requests',
    component: lazy(() => import('./requests/RequestsSection.tsx')),
  },
  {
    path: routes.adminHolds,
    label: 'Holds',
    component: lazy(() => import('./holds/HoldsSection.tsx')),
  },
  {
    path: routes.adminMessages,
    label: 'Messages',
    component: lazy(() => import('./messages/MessagesSection.tsx')),
  },
  {
    path: routes.adminPosts,
    label: 'News',
    component: lazy(() => import('./posts/PostsSection.tsx')),
  },
  {
    path: routes.adminStock,
    label: 'Stock import',
    component: lazy(() => import('./stock/StockSection.tsx')),
  },
  {
    path: routes.adminSettings,
    label: 'Settings',
    also: [routes.adminSiteSettings, routes.adminRequestSettings],
    component: lazy(() => import('../admin-settings/SettingsSection.tsx')),
  },
  {
    path: routes.adminAudit,
    label: 'Audit log',
    component: lazy(() => import('./audit/AuditSection.tsx')),
  },
];

/** The section owning `path`: the longest matching address; /admin itself is the dashboard. */
export function sectionFor(path: string): AdminSection | null {
  const clean = path.replace(/\/+$/, '') || '/';
  if (clean === DASHBOARD.path) return DASHBOARD;
  let best: { section: AdminSection; length: number } | null = null;
  for (const section of ADMIN_SECTIONS) {
    if (section === DASHBOARD && clean !== routes.adminDashboard) continue;
    for (const owned of [section.path, ...(section.also ?? [])]) {
      if ((clean === owned || clean.startsWith(`${owned}/`)) && owned.length > (best?.length ?? 0)) {
        best = { section, length: owned.length };
      }
    }
  }
  return best?.section ?? null;
}
