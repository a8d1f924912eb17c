import type { FastifyRequest } from 'fastify';
import type { StaffRole } from '../../db/schema.ts';
import { ApiError } from '../../http/api-error.ts';
import type { Permission } from './permissions.ts';

/** Who may call an admin route: anyone (the sign-in), a session past its password, or a permission. */
export type StaffAccess = 'public' | 'password' | Permission;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** /api/admin routes: who may call it (every admin route names one; a test walks them all). */
    staff?: StaffAccess;
  }
  interface FastifyRequest {
    staff: {
      id: number;
      email: string;
      role: StaffRole;
      sidHash: string;
      secondFactor: boolean;
      enrolled: boolean;
    } | null;
  }
}

export const loginRequired = () => new ApiError(401, { message: 'staff_login_required' });

/** The staff member of a route behind a permission (the scope refused everyone else). */
export function staffOf(req: FastifyRequest): NonNullable<FastifyRequest['staff']> {
  if (!req.staff) throw loginRequired();
  return req.staff;
}
