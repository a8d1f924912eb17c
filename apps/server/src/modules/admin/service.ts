/**
 * The staff console's face to the rest of the server: staff accounts and their sessions, the audit
 * log, the permission table. The console's routes are in routes.ts.
 */
export { audit, auditList, COMMAND_LINE, type Actor } from './audit.ts';
export { allows, PERMISSIONS, permissionsOf, type Permission } from './permissions.ts';
export {
  createStaff,
  listStaff,
  loadStaffSession,
  resetStaffSecondFactor,
  setStaffDisabled,
  STAFF_SESSION_COOKIE,
} from './staff.ts';
