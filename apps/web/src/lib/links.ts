/** The shop's contact page (spec §2 footer, bottom menu and My page "Contact us"; the legal pages' {{contactUrl}}). */
export const CONTACT_PATH = '/contact';

/** Google and Apple sign-in start on the server (spec §7 browser redirects). */
export function googleLoginUrl(opts: { create?: boolean; packId?: string | null } = {}): string {
  const q = new URLSearchParams();
  if (opts.create) q.set('create', '1');
  if (opts.packId) q.set('packId', opts.packId);
  const qs = q.toString();
  return `/api/user/google/login${qs ? `?${qs}` : ''}`;
}

/** The server folds packId into the OAuth state (spec §7), so it goes as packId, like Google's. */
export function appleLoginUrl(opts: { create?: boolean; packId?: string | null } = {}): string {
  const q =
    opts.packId && /^[1-9]\d{0,9}$/.test(opts.packId)
      ? `?${new URLSearchParams({ packId: opts.packId })}`
      : '';
  return `/api/user/apple/${opts.create ? 'create' : 'login'}${q}`;
}
