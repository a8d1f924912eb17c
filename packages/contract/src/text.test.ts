import { describe, expect, it } from 'vitest';
import { isSafeText, unsafeTextFields } from './text.ts';

describe('safe text', () => {
  it('accepts ordinary text of any script, emoji, tabs and line breaks', () => {
    for (const s of ['', 'Tester', '山田 太郎', 'Ünïcode', '🎴 pack', 'a\tb', 'line 1\nline 2\r\n', '\u00a0'])
      expect(isSafeText(s), JSON.stringify(s)).toBe(true);
  });

  it('refuses NUL, other controls, DEL, C1 controls and lone surrogates', () => {
    for (const s of [
      'a\u0000b',
      '\u0001',
      '\u0008',
      '\u000b',
      '\u001f',
      '\u007f',
      '\u0085',
      'x\ud800',
      '\udc00y',
      '\ud83c',
    ])
      expect(isSafeText(s), JSON.stringify(s)).toBe(false);
  });

  it('names the top-level fields holding unsafe text at any depth, keys included', () => {
    const payload = JSON.parse(
      '{"ok":"fine","name":"a\\u0000","list":["x",{"deep":"\\ud800"}],"n":1,"obj":{"k\\u0001":"v"},"\\u0000":"v"}',
    ) as Record<string, unknown>;
    expect(unsafeTextFields(payload).sort()).toEqual(['json', 'list', 'name', 'obj']);
  });
});
