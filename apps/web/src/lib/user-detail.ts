import { useQuery } from '@tanstack/react-query';
import { userDetailRoute } from '@gacha/contract/routes/auth';
import type { UserDetail } from '@gacha/contract/user';
import { call, unwrap } from './api.ts';

/**
 * GET /user/detail: profile, balances, rank bar, end_sms and the referral code. My page and Personal
 * information show it; the address forms start from the stored address and phone number.
 */
export const userDetailKey = ['user', 'detail'] as const;

export async function fetchUserDetail(): Promise<UserDetail> {
  return unwrap(await call(userDetailRoute, {}));
}

export function useUserDetail(enabled = true) {
  return useQuery({ queryKey: userDetailKey, queryFn: fetchUserDetail, staleTime: 0, enabled });
}
