/** Where the "Contact us" buttons go: an external page (spec §2). Set VITE_CONTACT_URL at build time. */
export const CONTACT_URL: string = import.meta.env.VITE_CONTACT_URL || 'https://example.com/contact';

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
