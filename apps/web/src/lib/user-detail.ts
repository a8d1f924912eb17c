import { useQuery } from '@tanstack/react-query';
import { userDetailSchema, type UserDetail } from '@gacha/contract/user';
import { api, unwrap } from './api.ts';

/**
 * GET /user/detail: profile, balances, rank bar, end_sms and the referral code. My page and Personal
 * information show it; the address forms start from the stored address and phone number.
 */
export const userDetailKey = ['user', 'detail'] as const;

export async function fetchUserDetail(): Promise<UserDetail> {
  return unwrap(await api.get('user/detail', { answer: userDetailSchema }));
}

export function useUserDetail(enabled = true) {
  return useQuery({ queryKey: userDetailKey, queryFn: fetchUserDetail, staleTime: 0, enabled });
}
