import { z } from 'zod';

/** The staff console's calls (/api/admin, issue 16): sign-in with a second factor, the staff member, the audit log. */

const stringType = () => z.string({ error: (iss) => (iss.input === undefined ? 'required' : 'invalid') });

export const staffRoles = ['owner', 'operator', 'support', 'viewer'] as const;
export type StaffRoleName = (typeof staffRoles)[number];

/** POST /api/admin/login {email, password}. */
export const adminLoginSchema = z
  .object({
    email: stringType().trim().min(1, { error: 'required' }).max(254, { error: 'too_long' }),
    password: stringType().min(1, { error: 'required' }).max(200, { error: 'too_long' }),
  })
  .strict();

/** The next step after the password: set up the authenticator, or give its code. */
export const adminLoginResultSchema = z.object({ next: z.enum(['enrol', 'verify']) });

/** POST /api/admin/totp/confirm {code} and POST /api/admin/totp/verify {code} or {recovery_code}. */
export const adminCodeSchema = z
  .object({
    code: stringType()
      .regex(/^\d{6}$/, { error: 'staff_code_invalid' })
      .optional(),
    recovery_code: stringType().max(40, { error: 'staff_code_invalid' }).optional(),
  })
  .strict();

/** POST /api/admin/totp/start: the secret to put in an authenticator app, as a QR code (SVG) and text. */
export const adminEnrolmentSchema = z.object({
  otpauth_url: z.string(),
  secret: z.string(),
  qr_svg: z.string(),
});

/** Answer of /totp/confirm: the ten recovery codes, shown once. */
export const adminRecoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });

/** GET /api/admin/me: who is signed in, how far, and what their role may do. */
export const adminMeSchema = z.object({
  signed_in: z.boolean(),
  email: z.string(),
  role: z.enum(staffRoles).nullable(),
  second_factor: z.boolean(),
  enrolled: z.boolean(),
  permissions: z.array(z.string()),
});
export type AdminMe = z.infer<typeof adminMeSchema>;

/** GET /api/admin/audit?staff_id&action&target_type&target_id&page. */
export const adminAuditQuerySchema = z.object({
  staff_id: z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number)
    .optional()
    .catch(undefined),
  action: z.string().max(64).optional().catch(undefined),
  target_type: z.string().max(64).optional().catch(undefined),
  target_id: z.string().max(64).optional().catch(undefined),
  page: z
    .string()
    .regex(/^\d{1,6}$/)
    .transform(Number)
    .optional()
    .catch(undefined),
});

export const adminAuditEntrySchema = z.object({
  id: z.number().int(),
  staff_id: z.number().int().nullable(),
  staff_email: z.string(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string(),
  created_at: z.string(),
});
export const adminAuditListSchema = z.object({
  list: z.array(adminAuditEntrySchema),
  page: z.number().int(),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;
