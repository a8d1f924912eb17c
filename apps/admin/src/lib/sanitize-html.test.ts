import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize-html.ts';

describe('the pack description preview', () => {
  it('keeps the allowed tags and drops scripts, handlers and images', () => {
    const out = sanitizeHtml(
      '<p onclick="x()">Hi <strong>there</strong><script>alert(1)</script><img src=x onerror=alert(1)></p>' +
        '<a href="javascript:alert(1)">bad</a><a href="https://example.com">ok</a>',
    );
    expect(out).toContain('<p>Hi <strong>there</strong></p>');
    expect(out).not.toMatch(/script|onclick|onerror|<img|javascript:/);
    expect(out).toMatch(/<a href="https:\/\/example.com" target="_blank" rel="[^"]*noopener[^"]*">ok<\/a>/);
  });
});
