/**
 * The allow-list for a pack description (HTML), one list for both sanitisers: the server's `sanitize-html`
 * when a description is saved (apps/server/src/modules/packs/sanitize.ts) and the web's DOMPurify before it is
 * shown (apps/web/src/lib/sanitize-html.ts). Plain data, no imports, so both sides can read it.
 *
 * Kept: the `tags` below, and `a` with an absolute http(s) href, opened in a new tab with `LINK_ATTRIBUTES`.
 * Every other attribute is dropped. The `dropWithContent` elements (code or embedded content) go with
 * everything inside them; any other unknown element is replaced by its children, so its text stays. Comments
 * are dropped.
 */
export const PACK_HTML_ALLOWLIST = {
  tags: ['p', 'br', 'ul', 'ol', 'li', 'strong', 'em', 'b', 'i', 'span', 'a', 'h3', 'h4'],
  /** Attributes per tag; an `a` keeps them only when its href is an absolute http(s) URL. */
  attributes: { a: ['href', 'target', 'rel'] },
  /** URL schemes of `href`, which must be written out (no relative or protocol-relative links). */
  schemes: ['http', 'https'],
  dropWithContent: [
    'script',
    'style',
    'iframe',
    'frame',
    'frameset',
    'object',
    'embed',
    'template',
    'noscript',
    'svg',
    'math',
    'canvas',
    'audio',
    'video',
    'source',
    'track',
    'link',
    'meta',
    'base',
    'head',
    'title',
    'form',
    'input',
    'button',
    'textarea',
    'select',
    'option',
    'img',
    'picture',
  ],
} as const;

/** What a kept link carries besides its href. */
export const LINK_ATTRIBUTES = { target: '_blank', rel: 'noopener noreferrer nofollow' } as const;

/** An absolute URL of an allowed scheme, written as one: the text starts `http://` or `https://` and parses. */
export function isAllowedHref(href: string): boolean {
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(href)?.[1]?.toLowerCase();
  if (!scheme || !(PACK_HTML_ALLOWLIST.schemes as readonly string[]).includes(scheme)) return false;
  try {
    return new URL(href).protocol === `${scheme}:`;
  } catch {
    return false;
  }
}
