/**
 * The admin area's sections: the navigation and the routes of /admin are built from this
 * list, so a feature adds its section with one line. `path` is the address the section owns
 * (it also owns everything under it); `load` imports its component lazily.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type AdminSection = {
  path: string;
  label: string;
  /** one line for the overview */
  summary: string;
  component: LazyExoticComponent<ComponentType>;
};

export const ADMIN_SECTIONS: AdminSection[] = [
  {
    path: '/admin/customers',
    label: 'Customers / Approvals',
    summary: 'Approve or reject trade registrations, grant API access, disable accounts.',
    component: lazy(() => import('./customers/CustomersSection.tsx')),
  },
  {
    path: '/admin/settings',
    label: 'Settings',
    summary: 'The wording of stock availability (Diamonds Availability).',
    component: lazy(() => import('../admin-settings/SettingsSection.tsx')),
  },
  {
    path: '/admin/dashboard',
    label: 'Dashboard',
    summary: 'What waits for staff, the stock by category and the latest changes.',
    component: lazy(() => import('./dashboard/DashboardSection.tsx')),
  },
  {
    path: '/admin/posts',
    label: 'News',
    summary: 'Write, publish and delete news posts.',
    component: lazy(() => import('./posts/PostsSection.tsx')),
  },
  {
    path: '/admin/requests',
    label: 'Requests',
    summary: 'Bag requests with their priced snapshot: status and staff notes.',
    component: lazy(() => import('./requests/RequestsSection.tsx')),
  },
  {
    path: '/admin/messages',
    label: 'Messages',
    summary: 'Contact and API access messages, marked read or handled.',
    component: lazy(() => import('./messages/MessagesSection.tsx')),
  },
  {
    path: '/admin/site-settings',
    label: 'Rates & site',
    summary: 'Exchange rates and default currency, registration messages, site name, social links.',
    component: lazy(() => import('./settings/SettingsSection.tsx')),
  },
  {
    path: '/admin/stock',
    label: 'Stock import',
    summary: 'Upload a CSV or Excel stock file, preview it, apply it.',
    component: lazy(() => import('./stock/StockImportSection.tsx')),
  },
  {
    path: '/admin/audit',
    label: 'Audit log',
    summary: 'Every admin change: who, what, when.',
    component: lazy(() => import('./audit/AuditSection.tsx')),
  },
];

/** The section owning `path` (the longest matching prefix), or null for the overview. */
export function sectionFor(path: string): AdminSection | null {
  const clean = path.replace(/\/+$/, '');
  return (
    ADMIN_SECTIONS.filter((s) => clean === s.path || clean.startsWith(`${s.path}/`)).sort(
      (a, b) => b.path.length - a.path.length,
    )[0] ?? null
  );
}
