import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize-html.ts';

describe('sanitizeHtml (DOMPurify with the server allow-list)', () => {
  it('keeps the listed text elements', () => {
    expect(sanitizeHtml('<p>Hi <strong>there</strong><br></p><ul><li>one</li></ul>')).toBe(
      '<p>Hi <strong>there</strong><br></p><ul><li>one</li></ul>',
    );
    expect(sanitizeHtml('<h3>T</h3><h4>U</h4><ol><li><em>e</em><b>b</b><i>i</i></li></ol>')).toBe(
      '<h3>T</h3><h4>U</h4><ol><li><em>e</em><b>b</b><i>i</i></li></ol>',
    );
  });

  it('drops every attribute and handler, and code with what is inside it', () => {
    expect(sanitizeHtml('<p onclick="x()">a<script>alert(1)</script><img src=x onerror=alert(1)>b</p>')).toBe(
      '<p>ab</p>',
    );
    expect(
      sanitizeHtml('<span style="x" id="i" data-x="1" aria-label="l" href="https://a.example/">s</span>'),
    ).toBe('<span>s</span>');
    expect(sanitizeHtml('<em>e</em><svg><script>1</script>t</svg><form><p>f</p></form>')).toBe('<em>e</em>');
  });

  it('unwraps other elements, keeping their text, and drops comments', () => {
    expect(
      sanitizeHtml('<div><h3>T</h3><table><tr><td>cell</td></tr></table><iframe src=x></iframe></div>'),
    ).toBe('<h3>T</h3>cell');
    expect(sanitizeHtml('a<!-- c -->b')).toBe('ab');
  });

  it('keeps an absolute http(s) link, opened in a new tab; any other link loses its href', () => {
    expect(sanitizeHtml('<a href="https://example.com/" style="color:red">z</a>')).toBe(
      '<a href="https://example.com/" target="_blank" rel="noopener noreferrer nofollow">z</a>',
    );
    expect(sanitizeHtml('<a href=" http://example.com/x " target="_self" rel="opener">y</a>')).toBe(
      '<a href="http://example.com/x" target="_blank" rel="noopener noreferrer nofollow">y</a>',
    );
    expect(
      sanitizeHtml(
        '<a href="javascript:alert(1)">x</a><a href="/rel">y</a><a href="//evil.example/">z</a><a href="ftp://h/">f</a>',
      ),
    ).toBe('<a>x</a><a>y</a><a>z</a><a>f</a>');
  });

  it('answers an empty string for no input', () => {
    expect(sanitizeHtml('')).toBe('');
  });
});
