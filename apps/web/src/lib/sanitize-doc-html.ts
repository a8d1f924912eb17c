import DOMPurify from 'dompurify';
import { LINK_ATTRIBUTES, PACK_HTML_ALLOWLIST } from '@gacha/contract/html-allowlist';

/**
 * The shop's own pages written in Markdown (src/content, rendered by lib/markdown.ts): text, headings with their
 * ids, lists and tables; links to the shop's paths (`/terms-of-service#article-3`), to an id on the page, to
 * mail, or to an absolute http(s) address (opened in a new tab). Nothing else survives: no script, no handler,
 * no style, no image.
 */
const docPurify = typeof window === 'undefined' ? null : DOMPurify(window);

const DOC_TAGS = [
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'br',
  'hr',
  'ul',
  'ol',
  'li',
  'strong',
  'em',
  'del',
  'code',
  'blockquote',
  'a',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];
const DOC_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'target', 'rel'],
  h1: ['id'],
  h2: ['id'],
  h3: ['id'],
  h4: ['id'],
  h5: ['id'],
  h6: ['id'],
  ol: ['start'],
  th: ['align'],
  td: ['align'],
};
/** The ids the pages give their headings ({#article-3}). */
const DOC_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** A path of the shop, an id on the page, a mail address or an absolute http(s) address. */
const DOC_HREF = /^(?:\/(?!\/)[^\s]*|#[a-z0-9-]+|mailto:[^\s]+|https?:\/\/[^\s]+)$/i;

if (docPurify) {
  docPurify.addHook('uponSanitizeAttribute', (node, data) => {
    if (!DOC_ATTRIBUTES[node.nodeName.toLowerCase()]?.includes(data.attrName)) data.keepAttr = false;
    else if (data.attrName === 'id' && !DOC_ID.test(data.attrValue)) data.keepAttr = false;
  });
  docPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName !== 'A') return;
    const href = (node.getAttribute('href') ?? '').trim();
    node.removeAttribute('target');
    node.removeAttribute('rel');
    if (!DOC_HREF.test(href)) {
      node.removeAttribute('href');
      return;
    }
    node.setAttribute('href', href);
    if (/^https?:/i.test(href)) {
      for (const [name, value] of Object.entries(LINK_ATTRIBUTES)) node.setAttribute(name, value);
    }
  });
}

const DOC_CONFIG = {
  ALLOWED_TAGS: DOC_TAGS,
  ALLOWED_ATTR: [...new Set(Object.values(DOC_ATTRIBUTES).flat())],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto):|\/(?!\/)|#)/i,
  KEEP_CONTENT: true,
  FORBID_CONTENTS: [...PACK_HTML_ALLOWLIST.dropWithContent],
  // the headings' ids are the pages' anchors (#title, #article-3), checked above: DOMPurify's clobbering guard
  // would drop an id that names a property of the document ('title')
  SANITIZE_DOM: false,
};

export function sanitizeDocHtml(html: string): string {
  if (!docPurify || !html) return '';
  return docPurify.sanitize(html, DOC_CONFIG);
}
