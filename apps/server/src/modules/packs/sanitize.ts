import sanitize from 'sanitize-html';

/**
 * The server's allow-list for a pack description (HTML), applied when a description is SAVED (issue 3: sanitised
 * when saved and when shown). It is the same list as the web's second line, apps/web/src/lib/sanitize-html.ts:
 *
 * Kept: p, br, ul, ol, li, strong, em, b, i, span, h3, h4, and a with an absolute http(s) href (opened in a new
 * tab with rel="noopener noreferrer nofollow"). Every other attribute is dropped. Elements that carry code or
 * embedded content (script, style, iframe, svg, …) are dropped with their content; any other unknown element is
 * replaced by its children, so its text stays. Comments are dropped.
 */
const ALLOWED_TAGS = ['p', 'br', 'ul', 'ol', 'li', 'strong', 'em', 'b', 'i', 'span', 'a', 'h3', 'h4'];

const DROP_WITH_CONTENT = [
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
];

/** An absolute http(s) URL, written as one (the web's rule: `new URL(href)` parses and the text starts so). */
function isAbsoluteHttp(href: string): boolean {
  if (!/^https?:\/\//i.test(href)) return false;
  try {
    const url = new URL(href);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

const OPTIONS: sanitize.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard', // unknown elements: unwrapped, their text kept
  nonTextTags: DROP_WITH_CONTENT, // these go with everything inside them
  allowVulnerableTags: false,
  transformTags: {
    a: (tagName, attribs): sanitize.Tag => {
      const href = (attribs.href ?? '').trim();
      const kept: sanitize.Attributes = isAbsoluteHttp(href)
        ? { href, target: '_blank', rel: 'noopener noreferrer nofollow' }
        : {};
      return { tagName, attribs: kept };
    },
  },
};

/** A pack description made safe to store and to serve. */
export function sanitizePackHtml(html: string): string {
  if (!html) return '';
  return sanitize(html, OPTIONS);
}
