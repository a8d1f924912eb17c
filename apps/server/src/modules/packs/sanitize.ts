import sanitize from 'sanitize-html';
import { isAllowedHref, LINK_ATTRIBUTES, PACK_HTML_ALLOWLIST } from '@gacha/contract/html-allowlist';

/**
 * The server's sanitiser for a pack description (HTML), applied when a description is SAVED (sanitised
 * when saved and when shown). Its allow-list is the contract's PACK_HTML_ALLOWLIST, which the web's DOMPurify
 * (apps/web/src/lib/sanitize-html.ts) applies again before showing it: the listed tags, `a` with an absolute
 * http(s) href (opened in a new tab), no other attribute; code and embedded content dropped with everything
 * inside it, other unknown elements unwrapped (their text kept), comments dropped.
 */
const OPTIONS: sanitize.IOptions = {
  allowedTags: [...PACK_HTML_ALLOWLIST.tags],
  allowedAttributes: Object.fromEntries(
    Object.entries(PACK_HTML_ALLOWLIST.attributes).map(([tag, names]) => [tag, [...names]]),
  ),
  allowedSchemes: [...PACK_HTML_ALLOWLIST.schemes],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard', // unknown elements: unwrapped, their text kept
  nonTextTags: [...PACK_HTML_ALLOWLIST.dropWithContent], // these go with everything inside them
  allowVulnerableTags: false,
  transformTags: {
    a: (tagName, attribs): sanitize.Tag => {
      const href = (attribs.href ?? '').trim();
      const kept: sanitize.Attributes = isAllowedHref(href) ? { href, ...LINK_ATTRIBUTES } : {};
      return { tagName, attribs: kept };
    },
  },
};

/** A pack description made safe to store and to serve. */
export function sanitizePackHtml(html: string): string {
  if (!html) return '';
  return sanitize(html, OPTIONS);
}

/** The description columns cleaned (the only HTML a pack stores): every pack write goes through here. */
export function cleanDetail<T extends { detail_en?: string; detail_ja?: string }>(values: T): T {
  const out = { ...values };
  if (out.detail_en !== undefined) out.detail_en = sanitizePackHtml(out.detail_en);
  if (out.detail_ja !== undefined) out.detail_ja = sanitizePackHtml(out.detail_ja);
  return out;
}
