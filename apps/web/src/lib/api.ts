import { createApiClient } from '@gacha/client/api';

export { LANG_COOKIE, State } from '@gacha/contract/envelope';
export * from '@gacha/client/api';

/**
 * The shop's API client (@gacha/client/api): a POST before any answer reads its csrf pair from the current-user
 * call, and a maintenance answer sends the browser to the maintenance page.
 */
export const {
  call,
  getCsrf,
  setCsrf,
  refreshCsrf,
  subscribeActivity,
  getActivity,
  setMaintenanceHandler,
  setFetch,
} = createApiClient({
  csrfSource: 'user/point',
  onMaintenance: () => {
    if (typeof window !== 'undefined' && window.location.pathname !== '/maintenance') {
      window.location.assign('/maintenance');
    }
  },
});
