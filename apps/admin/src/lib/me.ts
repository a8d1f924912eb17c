import { useQuery } from '@tanstack/react-query';
import type { AdminMe } from '@gacha/contract/admin';
import { staffMeRoute } from '@gacha/contract/routes/admin-session';
import { call, unwrap } from './api.ts';

/**
 * Who is signed in (GET /api/admin/me): the staff member's email and role, how far the sign-in got, and what the
 * role may do. The permission names are the server's (apps/server/src/modules/admin/permissions.ts); the console
 * shows a section only to a role that may read it and a write control only to one that may write.
 */
export type Permission =
  | 'staff.manage'
  | 'audit.read'
  | 'catalogue.read'
  | 'catalogue.write'
  | 'shipping.read'
  | 'shipping.write'
  | 'board.moderate'
  // the permissions the server adds later are strings too
  | (string & {});

export const ME_KEY = ['admin', 'me'] as const;

export async function fetchMe(): Promise<AdminMe> {
  return unwrap(await call(staffMeRoute, {}));
}

export function useMe() {
  return useQuery({ queryKey: ME_KEY, queryFn: fetchMe, staleTime: 60_000 });
}

/** Whether the signed-in staff member may do `permission` (false while /me loads or after a sign-out). */
export function useCan(): (permission: Permission) => boolean {
  const { data } = useMe();
  return (permission) => !!data?.second_factor && data.permissions.includes(permission);
}

/** Signed in past the second factor. */
export function isSignedIn(me: AdminMe | undefined): me is AdminMe {
  return !!me?.signed_in && me.second_factor;
}
