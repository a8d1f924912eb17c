import { defineRoute } from '../route.ts';

/**
 * Signing in to the console (the password, then the second factor: enrolment or a code), signing out, who is
 * signed in; and the audit log's own reads.
 */
const schemas = () => Promise.all([import('../admin.ts'), import('../envelope-schema.ts')]);

export const staffLoginRoute = defineRoute({
  method: 'POST',
  path: '/admin/login',
  access: 'staff:public',
  schemas: () => schemas().then(([m]) => ({ body: m.adminLoginSchema, answer: m.adminLoginResultSchema })),
});

export const startEnrolmentRoute = defineRoute({
  method: 'POST',
  path: '/admin/totp/start',
  access: 'staff:password',
  schemas: () => schemas().then(([m]) => ({ answer: m.adminEnrolmentSchema })),
});

export const confirmEnrolmentRoute = defineRoute({
  method: 'POST',
  path: '/admin/totp/confirm',
  access: 'staff:password',
  schemas: () => schemas().then(([m]) => ({ body: m.adminCodeSchema, answer: m.adminRecoveryCodesSchema })),
});

export const verifyCodeRoute = defineRoute({
  method: 'POST',
  path: '/admin/totp/verify',
  access: 'staff:password',
  schemas: () => schemas().then(([m, e]) => ({ body: m.adminCodeSchema, answer: e.emptyAnswerSchema })),
});

export const staffLogoutRoute = defineRoute({
  method: 'POST',
  path: '/admin/logout',
  access: 'staff:password',
  schemas: () => schemas().then(([, e]) => ({ answer: e.emptyAnswerSchema })),
});

export const staffMeRoute = defineRoute({
  method: 'GET',
  path: '/admin/me',
  access: 'staff:public',
  schemas: () => schemas().then(([m]) => ({ answer: m.adminMeSchema })),
});

export const auditLogRoute = defineRoute({
  method: 'GET',
  path: '/admin/audit',
  access: 'staff:audit.read',
  schemas: () =>
    schemas().then(([m]) => ({ query: m.adminAuditQuerySchema, answer: m.adminAuditListSchema })),
});

export const auditFacetsRoute = defineRoute({
  method: 'GET',
  path: '/admin/audit/facets',
  access: 'staff:audit.read',
  schemas: () => schemas().then(([m]) => ({ answer: m.adminAuditFacetsSchema })),
});
