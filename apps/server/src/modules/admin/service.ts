/**
 * The staff console's face to the rest of the server: staff accounts and their sessions, the audit
 * log, the permission table. The console's routes are in routes.ts.
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
export {
  changeStaff,
  createStaff,
  listStaff,
  loadStaffSession,
  resetSecondFactor,
  STAFF_SESSION_COOKIE,
} from './staff.ts';
