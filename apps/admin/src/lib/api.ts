import { createApiClient } from '@gacha/client/api';
import { staffMeRoute } from '@gacha/contract/routes/admin-session';

export { State } from '@gacha/contract/envelope';
export * from '@gacha/client/api';

/**
 * The console's API client (@gacha/client/api): its csrf pair is bound to the staff session (cookie `staff_sid`,
 * path /api/admin), so a first POST reads it from who is signed in; a sign-in or sign-out answers a new one.
 */
export const { call, getCsrf, setCsrf, setFetch } = createApiClient({
  csrfSource: staffMeRoute.path,
});
