/**
 * The staff console's face to the rest of the server: the staff write, staff sessions, the audit log, the
 * permission table. The rules on staff accounts (create, change, reset a second factor, the list) are reached
 * through staff.ts. The console's routes are in routes.ts.
 */
export { audit, auditList, COMMAND_LINE, type Actor } from './audit.ts';
export {
  commandWrite,
  oncePerStaffRequest,
  shopWrite,
  staffReference,
  staffWrite,
  writeAs,
  type Audit,
  type AuditEntry,
  type StaffWrite,
} from './staff-write.ts';
export { allows, PERMISSIONS, permissionsOf, type Permission } from './permissions.ts';
export { loadStaffSession, STAFF_SESSION_COOKIE } from './staff.ts';
