/**
 * A client-side allow-list sanitiser for server-provided HTML (the pack description). The server sanitises when
 * it saves; this is the second line before `dangerouslySetInnerHTML`.
 *
 * Kept: p, br, ul, ol, li, strong, em, b, i, span, h3, h4, and a with an absolute http(s) href (opened in a new
 * tab with rel="noopener noreferrer nofollow"). Every other attribute is dropped. Elements that carry code or
 * embedded content (script, style, iframe, svg, …) are dropped with their content; any other unknown element is
 * replaced by its children, so its text stays.
 *
 * The function is deliberately self-contained (no module-level references): the e2e suite runs this exact
 * function inside Chromium through `page.evaluate`.
 */
export function sanitizeHtml(html: string): string {
  if (typeof DOMParser === 'undefined' || !html) return '';
  const allowed = new Set(['P', 'BR', 'UL', 'OL', 'LI', 'STRONG', 'EM', 'B', 'I', 'SPAN', 'A', 'H3', 'H4']);
  const dropWithContent = new Set([
    'SCRIPT',
    'STYLE',
    'IFRAME',
    'FRAME',
    'FRAMESET',
    'OBJECT',
    'EMBED',
    'TEMPLATE',
    'NOSCRIPT',
    'SVG',
    'MATH',
    'CANVAS',
    'AUDIO',
    'VIDEO',
    'SOURCE',
    'TRACK',
    'LINK',
    'META',
    'BASE',
    'HEAD',
    'TITLE',
    'FORM',
    'INPUT',
    'BUTTON',
    'TEXTAREA',
    'SELECT',
    'OPTION',
    'IMG',
    'PICTURE',
  ]);
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html');
  const out = document.implementation.createHTMLDocument('');

  const copy = (source: Node, target: Node): void => {
    for (const child of Array.from(source.childNodes)) {
      if (child.nodeType === 3) {
        target.appendChild(out.createTextNode(child.textContent ?? ''));
        continue;
      }
      if (child.nodeType !== 1) continue; // comments, processing instructions
      const el = child as Element;
      const tag = el.tagName.toUpperCase();
      if (dropWithContent.has(tag)) continue;
      if (!allowed.has(tag)) {
        copy(el, target); // unwrap: keep the text of unknown elements
        continue;
      }
      const clean = out.createElement(tag.toLowerCase());
      if (tag === 'A') {
        const href = (el.getAttribute('href') ?? '').trim();
        let ok = false;
        try {
          const url = new URL(href);
          ok = (url.protocol === 'http:' || url.protocol === 'https:') && /^https?:\/\//i.test(href);
        } catch {
          ok = false;
        }
        if (ok) {
          clean.setAttribute('href', href);
          clean.setAttribute('target', '_blank');
          clean.setAttribute('rel', 'noopener noreferrer nofollow');
        }
      }
      copy(el, clean);
      target.appendChild(clean);
    }
  };

  const container = out.createElement('div');
  copy(doc.body, container);
  return container.innerHTML;
}
