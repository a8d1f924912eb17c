import type { StaffRole } from '../../db/schema.ts';

/**
 * The one permission table of the staff console (issue 16): every /api/admin route names the permission it
 * needs (`config.permission`), and the admin scope checks the staff member's role against this table.
 *
 *   owner     everything, staff accounts included
 *   operator  the catalogue and daily operations, the audit log
 *   support   members, shipping and board moderation; reads the catalogue
 *   viewer    reads only
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
} as const satisfies Record<string, readonly StaffRole[]>;

export type Permission = keyof typeof PERMISSIONS;

export function allows(role: StaffRole, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly StaffRole[]).includes(role);
}

/** What a role may do, for the console's buttons. */
export function permissionsOf(role: StaffRole): Permission[] {
  return (Object.keys(PERMISSIONS) as Permission[]).filter((p) => allows(role, p));
}
