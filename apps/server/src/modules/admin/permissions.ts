import type { StaffRole } from '../../db/schema.ts';

/**
 * The one permission table of the staff console: every /api/admin route names the permission it
 * needs (`config.permission`), and the admin scope checks the staff member's role against this table.
 *
 *   owner     everything, staff accounts included
 *   operator  the catalogue and daily operations, the audit log
 *   support   members, shipping and board moderation; reads the catalogue
 *   viewer    reads only (members with their personal data masked)
 */
export const ROLES: readonly StaffRole[] = ['owner', 'operator', 'support', 'viewer'];

export const PERMISSIONS = {
  'staff.manage': ['owner'],
  'audit.read': ['owner', 'operator'],
  'catalogue.read': ['owner', 'operator', 'support', 'viewer'],
  'catalogue.write': ['owner', 'operator'],
  'shipping.read': ['owner', 'operator', 'support', 'viewer'],
  'shipping.write': ['owner', 'operator', 'support'],
  'board.moderate': ['owner', 'operator', 'support'],
  // members (read by all; personal data in full and the actions for those who serve members) and
  // the dashboard
  'members.read': ['owner', 'operator', 'support', 'viewer'],
  'members.pii': ['owner', 'operator', 'support'],
  'members.write': ['owner', 'operator', 'support'],
  'dashboard.read': ['owner', 'operator', 'support', 'viewer'],
  // payments (read by all, the member's email and a transfer's name in full with members.pii), refunds
  // (money leaves the shop: owner and operator), bank transfers matched by hand (those who serve members)
  'payments.read': ['owner', 'operator', 'support', 'viewer'],
  'payments.refund': ['owner', 'operator'],
  'payments.match': ['owner', 'operator', 'support'],
  // the accounts (sales, refunds, net, the gem liability, the prepaid-balance report): read by those who run the
  // shop's money, and the viewer (an accountant's role)
  'accounting.read': ['owner', 'operator', 'viewer'],
} as const satisfies Record<string, readonly StaffRole[]>;

export type Permission = keyof typeof PERMISSIONS;

export function allows(role: StaffRole, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly StaffRole[]).includes(role);
}

/** What a role may do, for the console's buttons. */
export function permissionsOf(role: StaffRole): Permission[] {
  return (Object.keys(PERMISSIONS) as Permission[]).filter((p) => allows(role, p));
}
