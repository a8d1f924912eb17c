import { describe, expect, it } from 'vitest';
import { fillPath } from './route.ts';

describe('fillPath', () => {
  it('writes each :name parameter into the path, encoded', () => {
    expect(fillPath('/admin/payments/:id/refund', { id: 7 })).toBe('/admin/payments/7/refund');
    expect(fillPath('/user/pack/plays/:packId', { packId: 'a b/c' })).toBe('/user/pack/plays/a%20b%2Fc');
    expect(fillPath('/user/pack/buy')).toBe('/user/pack/buy');
  });

  it('refuses a path whose parameter was not given', () => {
    expect(() => fillPath('/admin/payments/:id/refund', {})).toThrow(':id');
  });
});
