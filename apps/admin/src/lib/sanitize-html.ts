import DOMPurify from 'dompurify';
import { isAllowedHref, LINK_ATTRIBUTES, PACK_HTML_ALLOWLIST } from '@gacha/contract/html-allowlist';

/**
 * A pack description (HTML) made safe to preview, with the same allow-list the server applies when it saves
 * (contract html-allowlist.ts, as the shop's apps/web/src/lib/sanitize-html.ts): what the preview shows is what
 * members will see.
 */
const purify = typeof window === 'undefined' ? null : DOMPurify(window);
const allowedAttributes: Readonly<Record<string, readonly string[]>> = PACK_HTML_ALLOWLIST.attributes;

if (purify) {
  purify.addHook('uponSanitizeAttribute', (node, data) => {
    if (!allowedAttributes[node.nodeName.toLowerCase()]?.includes(data.attrName)) data.keepAttr = false;
  });
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName !== 'A') return;
    const href = (node.getAttribute('href') ?? '').trim();
    for (const name of allowedAttributes.a ?? []) node.removeAttribute(name);
    if (!isAllowedHref(href)) return;
    node.setAttribute('href', href);
    for (const [name, value] of Object.entries(LINK_ATTRIBUTES)) node.setAttribute(name, value);
  });
}

const CONFIG = {
  ALLOWED_TAGS: [...PACK_HTML_ALLOWLIST.tags],
  ALLOWED_ATTR: [...new Set(Object.values(allowedAttributes).flat())],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOWED_URI_REGEXP: new RegExp(`^(?:${PACK_HTML_ALLOWLIST.schemes.join('|')}):`, 'i'),
  KEEP_CONTENT: true,
  FORBID_CONTENTS: [...PACK_HTML_ALLOWLIST.dropWithContent],
};

export function sanitizeHtml(html: string): string {
  if (!purify || !html) return '';
  return purify.sanitize(html, CONFIG);
}
