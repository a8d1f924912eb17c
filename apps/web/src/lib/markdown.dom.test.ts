import { describe, expect, it } from 'vitest';
import { escapeMarkdown, fillPlaceholders, renderMarkdown } from './markdown.ts';
import { sanitizeDocHtml } from './sanitize-doc-html.ts';

/** The Markdown pages' conventions (lib/markdown.ts) and what the sanitiser lets through (sanitizeDocHtml). */

const show = (md: string, values: Record<string, string> = {}, shift = 0) =>
  sanitizeDocHtml(renderMarkdown(md, values, { headingShift: shift }));

describe('Markdown pages', () => {
  it('gives every heading its {#id}, without showing it; inline marks stay', () => {
    const html = show('# Title {#title}\n\n## Article 3 (**Use**) {#article-3}\n\ntext');
    expect(html).toContain('<h1 id="title">Title</h1>');
    expect(html).toContain('<h2 id="article-3">Article 3 (<strong>Use</strong>)</h2>');
    expect(html).not.toContain('{#');
  });

  it('demotes the headings of a page shown inside another', () => {
    expect(show('# T {#title}\n\n## S {#s}', {}, 1)).toBe('<h2 id="title">T</h2>\n<h3 id="s">S</h3>\n');
  });

  it('fills the placeholders with plain text, whatever they hold', () => {
    const md = 'Seller: {{sellerName}}\n\nAddress: {{sellerAddress}}\n\n[Contact]({{contactUrl}})';
    const html = show(md, {
      sellerName: '*Gacha* <img src=x onerror=alert(1)> [x](javascript:alert(1))',
      sellerAddress: '1-2-3 Shibuya\nTokyo',
      contactUrl: '/contact',
    });
    expect(html).toContain(
      '<p>Seller: *Gacha* &lt;img src=x onerror=alert(1)&gt; [x](javascript:alert(1))</p>',
    );
    expect(html).toContain('<p>Address: 1-2-3 Shibuya, Tokyo</p>');
    expect(html).toContain('<a href="/contact">Contact</a>');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('{{');
  });

  it('leaves nothing of an unknown placeholder', () => {
    expect(fillPlaceholders('a {{nope}} b', {})).toBe('a  b');
  });

  it('escapes every Markdown mark of a value', () => {
    expect(escapeMarkdown('a_b*c#d|e')).toBe('a\\_b\\*c\\#d\\|e');
  });

  it('keeps GitHub tables', () => {
    const html = show('| Rank | Discount |\n| --- | --- |\n| Silver | 3% |');
    expect(html).toContain('<table>');
    expect(html).toContain('<th>Rank</th>');
    expect(html).toContain('<td>3%</td>');
  });
});

describe('sanitizeDocHtml', () => {
  it('keeps the shop paths, ids on the page, mail; opens http(s) in a new tab; drops any other href', () => {
    expect(sanitizeDocHtml('<a href="/user-guide#customs-duties">g</a>')).toBe(
      '<a href="/user-guide#customs-duties">g</a>',
    );
    expect(sanitizeDocHtml('<a href="#contact">c</a><a href="mailto:s@example.com">m</a>')).toBe(
      '<a href="#contact">c</a><a href="mailto:s@example.com">m</a>',
    );
    expect(sanitizeDocHtml('<a href="https://example.com/">e</a>')).toBe(
      '<a href="https://example.com/" target="_blank" rel="noopener noreferrer nofollow">e</a>',
    );
    expect(
      sanitizeDocHtml(
        '<a href="javascript:alert(1)">j</a><a href="//evil.example/">p</a><a href="data:text/html,x">d</a>',
      ),
    ).toBe('<a>j</a><a>p</a><a>d</a>');
  });

  it('drops scripts, handlers, styles, images and odd ids', () => {
    expect(
      sanitizeDocHtml(
        '<h2 id="ok-1" onclick="x()" style="color:red">h</h2><h3 id="Bad Id">b</h3><p>a<script>1</script><img src=x onerror=alert(1)>b</p>',
      ),
    ).toBe('<h2 id="ok-1">h</h2><h3>b</h3><p>ab</p>');
  });
});
