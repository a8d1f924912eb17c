/**
 * Links to member pages for a guest (spec §4 Guests): my page, buy gems and the histories send a guest to
 * /login, keeping the current page's packId so that logging in returns to /pack-detail?packId= (spec §2 Login).
 */

/** A pack id as the shop issues them: a positive whole number, digits only. */
const PACK_ID = /^[1-9]\d{0,9}$/;

/** The current page's packId when it is a valid one (digits only), otherwise null. */
export function currentPackId(search: string | URLSearchParams): string | null {
  const value = (typeof search === 'string' ? new URLSearchParams(search) : search).get('packId');
  return value !== null && PACK_ID.test(value) ? value : null;
}

/** /login, with ?packId= when the current page (its `location.search`) carries a valid one. */
export function loginPath(search: string | URLSearchParams): string {
  const packId = currentPackId(search);
  return packId ? `/login?${new URLSearchParams({ packId })}` : '/login';
}

/**
 * Where a link to the member page `to` goes: `to` itself unless the visitor is known to be a guest, then
 * login keeping packId. While the current user is still loading (`guest` false) the link keeps its target and
 * the route guard decides, so a member never lands on the login form.
 */
export function memberLink(to: string, guest: boolean, search: string | URLSearchParams): string {
  return guest ? loginPath(search) : to;
}
