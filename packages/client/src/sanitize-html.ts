import DOMPurify from 'dompurify';
import { isAllowedHref, LINK_ATTRIBUTES, PACK_HTML_ALLOWLIST } from '@gacha/contract/html-allowlist';

/**
 * Server-provided HTML (the pack description) made safe for `dangerouslySetInnerHTML`: DOMPurify with the
 * server's own allow-list (contract html-allowlist.ts). The server sanitises when it saves; this is the second
 * line before the shop's pack page shows it, and what the console's preview shows is what members will see.
 */
const purify = typeof window === 'undefined' ? null : DOMPurify(window);

const allowedAttributes: Readonly<Record<string, readonly string[]>> = PACK_HTML_ALLOWLIST.attributes;

if (purify) {
  // attributes are allowed per tag (DOMPurify's own list is one for every tag)
  purify.addHook('uponSanitizeAttribute', (node, data) => {
    if (!allowedAttributes[node.nodeName.toLowerCase()]?.includes(data.attrName)) data.keepAttr = false;
  });
  // a link keeps an absolute http(s) href and opens in a new tab; any other link loses its attributes
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
  KEEP_CONTENT: true, // an unknown element is unwrapped, its text kept…
  FORBID_CONTENTS: [...PACK_HTML_ALLOWLIST.dropWithContent], // …but these go with what is inside them
};

/**
 * Outside a browser (the server rendering a pack's page, entry-prerender.tsx) there is no DOM to sanitise with: the
 * description is the server's own, sanitised when staff saved it (apps/server/src/modules/packs/sanitize.ts, the
 * same allow-list). The browser hydrates that HTML as it is and sanitises every later answer here.
 */
export function sanitizeHtml(html: string): string {
  if (!html) return '';
  return purify ? purify.sanitize(html, CONFIG) : html;
}
