import { describe, expect, it } from 'vitest';
import { refusalView } from './refusal.ts';

describe('refusalView', () => {
  it('opens the balance modal of the currency that is short', () => {
    expect(refusalView({ state: 400, reason: 'not_enough_gems', message: 'x' }, 'f')).toEqual({
      kind: 'short',
      currency: 'gem',
    });
    expect(refusalView({ state: 400, reason: 'not_enough_coins', message: 'x' }, 'f')).toEqual({
      kind: 'short',
      currency: 'coin',
    });
  });

  it('shows the message of any other refusal, or the fallback without one', () => {
    expect(refusalView({ state: 409, reason: 'pack_sold_out', message: 'Sold out' }, 'f')).toEqual({
      kind: 'message',
      text: 'Sold out',
    });
    expect(refusalView({ state: 400, reason: null, message: '' }, 'fallback')).toEqual({
      kind: 'message',
      text: 'fallback',
    });
  });
});
