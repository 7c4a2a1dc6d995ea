import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyPage } from '../../app/lazyPage';

/**
 * The ops pages, one entry per feature's admin page: the path under /admin, the label of its tab,
 * and the lazily loaded page. The router builds /admin's child routes from this list and the ops
 * area's navigation shows it, so a feature adds its page here and nowhere else
 * (docs/architecture.md#the-ops-area).
 */
export interface AdminSection {
  path: string;
  label: string;
  page: LazyExoticComponent<ComponentType>;
}

export const adminSections: AdminSection[] = [
  { path: 'reports', label: 'Player reports', page: lazyPage(() => import('../reports/AdminReportsPage'), 'AdminReportsPage') },
  { path: 'articles', label: 'News articles', page: lazyPage(() => import('../articles/ArticlesAdminPage'), 'ArticlesAdminPage') },
  { path: 'disputes', label: 'Disputes', page: lazyPage(() => import('../matches/AdminDisputesPage'), 'AdminDisputesPage') },
  { path: 'courts', label: 'Courts', page: lazyPage(() => import('../courts/AdminCourtsPage'), 'AdminCourtsPage') },
  { path: 'integrity', label: 'Fair play', page: lazyPage(() => import('../fair-play/AdminIntegrityPage'), 'AdminIntegrityPage') },
  { path: 'identity', label: 'Identity flags', page: lazyPage(() => import('../verification/IdentityFlagsPage'), 'default') },
];
