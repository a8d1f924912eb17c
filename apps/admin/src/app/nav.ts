import type { Permission } from '../lib/me.ts';
import type { QualifiedKey } from '../locales/index.ts';

/**
 * The console's sections, in the side nav's order: each shows only to a role with its `permission` (the read
 * permission; the pages disable their writes with `useCan`). A new section: add a route in router.tsx and an
 * entry here, with its label (a key with its namespace, `shop:nav.banners`) in both languages' locale files.
 */
export interface NavItem {
  path: string;
  label: QualifiedKey;
  permission: Permission;
}

export const NAV: readonly NavItem[] = [
  // the first the role may read is its home page (guards.tsx HomeRedirect)
  { path: '/dashboard', label: 'dashboard:nav', permission: 'dashboard.read' },
  { path: '/members', label: 'members:nav', permission: 'members.read' },
  { path: '/packs', label: 'console:nav.packs', permission: 'catalogue.read' },
  { path: '/cards', label: 'console:nav.cards', permission: 'catalogue.read' },
  { path: '/card-types', label: 'shop:nav.cardTypes', permission: 'catalogue.read' },
  { path: '/banners', label: 'shop:nav.banners', permission: 'catalogue.read' },
  { path: '/gem-prices', label: 'shop:nav.gemPrices', permission: 'catalogue.read' },
  { path: '/exchange-cards', label: 'shop:nav.exchangeCards', permission: 'catalogue.read' },
  { path: '/coupons', label: 'shop:nav.coupons', permission: 'catalogue.read' },
  { path: '/payments', label: 'payments:nav', permission: 'payments.read' },
  { path: '/accounting', label: 'accounting:nav', permission: 'accounting.read' },
  { path: '/shipments', label: 'console:nav.shipments', permission: 'shipping.read' },
  { path: '/board', label: 'shop:nav.board', permission: 'board.moderate' },
  { path: '/audit', label: 'console:nav.audit', permission: 'audit.read' },
  { path: '/staff', label: 'console:staff.nav', permission: 'staff.manage' },
];
