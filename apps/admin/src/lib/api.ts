import { createApiClient } from '@gacha/client/api';

export { State } from '@gacha/contract/envelope';
export * from '@gacha/client/api';

/**
 * The console's API client (@gacha/client/api): its csrf pair is bound to the staff session (cookie `staff_sid`,
 * path /api/admin), so a first POST reads it from `admin/me`; a sign-in or sign-out answers a new one.
 */
export const { api, call, getCsrf, setCsrf, setFetch } = createApiClient({ csrfSource: 'admin/me' });
